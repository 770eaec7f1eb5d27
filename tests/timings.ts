/**
 * A Vitest reporter that writes where a run's time went, for CI to print (.ci/run): the run's
 * wall time, its tests passed, failed and skipped, and each test file's time with its project
 * (a worker file runs in up to three, which a path alone does not tell apart).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface Timings {
  seconds: number;
  passed: number;
  failed: number;
  skipped: number;
  files: { project: string; file: string; seconds: number }[];
}

export default class TimingsReporter implements Reporter {
  private readonly started = Date.now();
  private readonly outputFile: string;

  constructor(outputFile: string) {
    this.outputFile = outputFile;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timings: Timings = { seconds: 0, passed: 0, failed: 0, skipped: 0, files: [] };
    for (const module of modules) {
      const d = module.diagnostic();
      const seconds = (d.environmentSetupDuration + d.prepareDuration + d.collectDuration) / 1000;
      timings.files.push({
        project: module.project.name,
        file: module.relativeModuleId,
        seconds: seconds + d.duration / 1000,
      });
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') timings.passed++;
        else if (state === 'failed') timings.failed++;
        else timings.skipped++;
      }
    }
    timings.seconds = (Date.now() - this.started) / 1000;
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(timings, null, 1)}\n`);
  }
}
