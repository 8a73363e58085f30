// Runs a command for as long as the process that started it lives: `node scripts/with-parent.mjs <command> [args…]`,
// started with an IPC channel (`stdio: [..., 'ipc']`). When the parent dies, even by kill -9, the channel closes
// and the command is killed at once: a killed build leaves no `tsc` behind writing dist/ under the next build.
// Signals sent to this process are passed on to the command; it exits with the command's status.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const [command, ...args] = process.argv.slice(2);
if (!command || !process.send) {
  process.stderr.write('usage: started by a parent with an IPC channel: node scripts/with-parent.mjs <command> [args…]\n');
  process.exit(2);
}
let child = null;
process.on('disconnect', () => {
  child?.kill('SIGKILL');
  process.exit(1);
});
// The parent may have died while this process was starting, before the listener above was there to hear it.
if (!process.connected) process.exit(1);
child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  process.stderr.write(`${command}: ${err.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 1)));
