// A CommonJS consumer: require(esm) of our ESM-only packages (Node >= 20.19).
const { createClient } = require("@card-processing/client");
const { controlDigest } = require("@card-processing/signing");
const { operationTable } = require("@card-processing/types");
const spec = require("@card-processing/types/openapi.json");

controlDigest(["1111", "902B4FF5", "1042", "john.smith@gmail.com"], "B17F59B4-A7DC-41B4-8FF9-37D986B43D20").then(
  (control) => {
    console.log(
      JSON.stringify({
        createClient: typeof createClient,
        operations: Object.keys(operationTable).length,
        openapi: spec.openapi,
        control,
      }),
    );
  },
);
