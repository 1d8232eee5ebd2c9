<?php
// Drives the vendor's PHP library (payneteasy/php-library-payneteasy-api), unmodified, the way a
// shop's PHP code calls it: one query through PaymentProcessor with its handlers, or one callback
// through processPaynetEasyCallback. Reads one JSON command on stdin, prints one JSON answer on
// stdout: the handlers the processor called, in order, what the library made of the transaction,
// and the exception it raised (class and message). php-library.testlib.ts runs it; the library's
// own code is never copied into this repository, only extracted to a temporary folder at test time.
//
// The command: { "source": "<library>/source", "config": { QueryConfig fields }, "payment":
// { Payment fields, with "customer", "billing_address", "credit_card" as objects }, then either
// "query": "sale" | "sale-form" | "preauth" | "capture" | "return" | "status" (with
// "untilFinal": n, a status query repeated while the processor asks for a status update, at most
// n times) or "callback": { the callback's query parameters }.

// The library predates PHP 8 (Serializable, implicitly nullable parameters, strlen(null)):
// deprecation notices go nowhere, every other message to stderr, never into the JSON answer.
error_reporting(E_ALL & ~E_DEPRECATED);
ini_set('display_errors', 'stderr');

$command = json_decode(stream_get_contents(STDIN), true);
if (!is_array($command) || !isset($command['source'])) {
    fwrite(STDERR, "expected a JSON command with \"source\" on stdin\n");
    exit(2);
}

// The library's composer.json maps PaynetEasy\PaynetEasyApi\ to source/ (PSR-0); composer is not
// needed for a library without dependencies.
$source = $command['source'];
spl_autoload_register(function ($class) use ($source) {
    $file = $source . '/' . str_replace('\\', '/', $class) . '.php';
    if (is_file($file)) {
        require_once $file;
    }
});

use PaynetEasy\PaynetEasyApi\PaymentData\BillingAddress;
use PaynetEasy\PaynetEasyApi\PaymentData\CreditCard;
use PaynetEasy\PaynetEasyApi\PaymentData\Customer;
use PaynetEasy\PaynetEasyApi\PaymentData\Payment;
use PaynetEasy\PaynetEasyApi\PaymentData\PaymentTransaction;
use PaynetEasy\PaynetEasyApi\PaymentData\QueryConfig;
use PaynetEasy\PaynetEasyApi\PaymentProcessor;
use PaynetEasy\PaynetEasyApi\Transport\CallbackResponse;

/** The Payment as a shop builds it: nested data objects from their field arrays. */
function paymentOf(array $fields)
{
    $nested = array('customer' => 'Customer', 'billing_address' => 'BillingAddress', 'credit_card' => 'CreditCard');
    foreach ($nested as $field => $class) {
        if (isset($fields[$field])) {
            $qualified = 'PaynetEasy\\PaynetEasyApi\\PaymentData\\' . $class;
            $fields[$field] = new $qualified($fields[$field]);
        }
    }
    return new Payment($fields);
}

$transaction = new PaymentTransaction(array(
    'payment' => paymentOf(isset($command['payment']) ? $command['payment'] : array()),
    'query_config' => new QueryConfig($command['config'] + array('gateway_mode' => QueryConfig::GATEWAY_MODE_SANDBOX)),
));

// The six handlers a shop registers; each call is recorded, with what it was given.
$calls = array();
$response = null;
$record = function ($name) use (&$calls) {
    return function () use ($name, &$calls) {
        $call = array('handler' => $name);
        foreach (func_get_args() as $argument) {
            if ($argument instanceof Exception) {
                $call['exception'] = array('class' => get_class($argument), 'message' => $argument->getMessage());
            }
        }
        $calls[] = $call;
    };
};
$handlers = array();
foreach (array(
    PaymentProcessor::HANDLER_SAVE_CHANGES,
    PaymentProcessor::HANDLER_STATUS_UPDATE,
    PaymentProcessor::HANDLER_SHOW_HTML,
    PaymentProcessor::HANDLER_REDIRECT,
    PaymentProcessor::HANDLER_FINISH_PROCESSING,
    PaymentProcessor::HANDLER_CATCH_EXCEPTION,
) as $name) {
    $handlers[$name] = $record($name);
}
$processor = new PaymentProcessor($handlers);

$statusQueries = 0;
if (isset($command['callback'])) {
    $response = $processor->processPaynetEasyCallback(new CallbackResponse($command['callback']), $transaction);
} elseif (isset($command['untilFinal'])) {
    // What the shop's "payment is processing" page does: query the status again while asked to.
    do {
        $statusQueries++;
        $before = count($calls);
        $response = $processor->executeQuery('status', $transaction);
        $again = false;
        foreach (array_slice($calls, $before) as $call) {
            $again = $again || $call['handler'] === PaymentProcessor::HANDLER_STATUS_UPDATE;
        }
        if ($again) {
            usleep(50000);
        }
    } while ($again && $statusQueries < $command['untilFinal']);
} else {
    $response = $processor->executeQuery($command['query'], $transaction);
}

$payment = $transaction->getPayment();
$errors = array();
foreach ($transaction->getErrors() as $error) {
    $errors[] = array('class' => get_class($error), 'message' => $error->getMessage(), 'code' => $error->getCode());
}
echo json_encode(array(
    'handlers' => $calls,
    'transactionStatus' => $transaction->getStatus(),
    'paymentStatus' => $payment->getStatus(),
    'paynetId' => $payment->getPaynetId() === null ? null : (string) $payment->getPaynetId(),
    'errors' => $errors,
    'response' => $response === null ? null : $response->getArrayCopy(),
    'statusQueries' => $statusQueries,
)), "\n";
