#!/usr/bin/env node
// npm run dev: the API (tsx watch, port 8000) and the web app's Vite server (port 5173, /api proxied
// to the API) together; Ctrl-C stops both. Either alone: npm run dev:api, npm run dev:web.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', '--silent', 'dev:api'], { stdio: 'inherit' }),
  spawn('npm', ['run', '--silent', 'dev:web'], { stdio: 'inherit' }),
];
console.log('\nPortal (development): http://localhost:5173/portal/   API: http://127.0.0.1:8000\n');
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exitCode = code;
}
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
