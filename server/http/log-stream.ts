import pretty from 'pino-pretty';

interface Output {
  write(line: string): unknown;
  isTTY?: boolean;
}

/**
 * Where the server's log goes: readable lines ('12:03:04 INFO: form receiver ready') when a person
 * watches a terminal, one JSON object per line otherwise (systemd, docker, a log shipper).
 */
export function logStream(output: Output = process.stdout): { write(line: string): void } {
  if (!output.isTTY) return { write: (line) => void output.write(line) };
  return pretty({
    destination: output as NodeJS.WritableStream,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    sync: true,
  });
}
