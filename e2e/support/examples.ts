/** The examples/ programs run by their npm commands, as their README says, against the service the browser tests started. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface ExampleRun {
  /** The exit status. */
  code: number | null;
  /** Everything it wrote, standard output and error together. */
  output: string;
}

/**
 * Runs `npm run example:<name>` with `env` beside the tests' own environment; `onOutput` sees each
 * chunk of its standard output as it comes (to answer a question on its input, say).
 */
export function runExample(name: string, env: Record<string, string>, onOutput: (chunk: string, child: ChildProcessWithoutNullStreams) => void = () => {}): Promise<ExampleRun> {
  const child = spawn('npm', ['run', '--silent', `example:${name}`], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
    onOutput(chunk.toString(), child);
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
