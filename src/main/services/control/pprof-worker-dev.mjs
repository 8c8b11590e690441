// Starts the profile decoder's worker from TypeScript source (tsx for `npm run serve`/`npm run cli`, vitest
// for the tests): a worker thread gets neither vitest's transform nor, on Node 20, tsx's loader from its
// parent, so it registers tsx's loader itself and then loads pprof-worker.ts. The built app never uses
// this file: there the worker is out/main/pprof-worker.js.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
