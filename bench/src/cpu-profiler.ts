/** The V8 CPU profiler of this process, for bench servers driven by their parent over IPC. */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

let session: Session | undefined;

/** Starts sampling this process (every 100 µs). */
export async function startCpuProfile(): Promise<void> {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}

/** Stops sampling and writes the profile (Chrome's .cpuprofile JSON) to `file`. */
export async function stopCpuProfile(file: string): Promise<void> {
  if (!session) return;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  session = undefined;
}
