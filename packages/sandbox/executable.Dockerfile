# The sandbox without Node: its single executable (`pnpm build:executable`, Linux x64) on Debian's
# slim image, which has all it links to (glibc, libstdc++). Build context: the folder holding the
# executable.
#
#   npx pnpm@12.21.0 install && npx pnpm@12.21.0 build:executable
#   docker build -f packages/sandbox/executable.Dockerfile -t card-processing-sandbox artifacts
#   docker run --rm -p 127.0.0.1:8080:8080 card-processing-sandbox \
#     --login sandbox-merchant --endpoint-id 1111 --control-key B17F59B4-A7DC-41B4-8FF9-37D986B43D20
#
# Listening on 0.0.0.0, the sandbox keeps its own keys: with no --control-key it makes one and
# prints it, with the admin token. The flags above give it the documented example merchant, for a
# sandbox on your own machine only. Arguments after the image name replace `--data-dir /data`.
# CI builds this image and runs a signed sale against it (.github/workflows/ci.yml).
FROM debian:bookworm-slim

COPY --chmod=755 card-processing-sandbox-linux-x64 /usr/local/bin/card-processing-sandbox

# The unprivileged user the sandbox runs as, and its data directory: mount a volume on /data and a
# new container goes on with every order, card reference and subscription.
RUN useradd --system --uid 10001 --user-group --home-dir /data --create-home sandbox
USER sandbox
WORKDIR /data
VOLUME /data
EXPOSE 8080

# SIGTERM: stop accepting, finish requests in flight (up to 4 s), exit 0. A health check needs no
# tool in the image: GET /paynet/_health answers 200 (a load balancer's or orchestrator's probe).
STOPSIGNAL SIGTERM
ENTRYPOINT ["card-processing-sandbox", "--host", "0.0.0.0", "--port", "8080"]
CMD ["--data-dir", "/data"]
