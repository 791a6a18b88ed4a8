#!/usr/bin/env node
import { paymentsCli } from './payments-cli.js';

paymentsCli(process.argv.slice(2), process.env, {
  print: (line) => console.log(line),
  error: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);
