import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts a compiled entry point and resolves once its output matches `ready`. An API process drains for 100 ms on
 * SIGTERM unless `env` says otherwise (no load balancer waits on it; docs/adr/0051).
 */
export function launch(
  entry: string,
  env: Record<string, string | undefined>,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '100', ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${out}`)), 45_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${out}`));
    });
  });
}

export function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
