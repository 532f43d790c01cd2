/** SPEC §9 part plan at its boundaries, §4.5 task commands in every status, completion and backoff. */
import { describe, expect, it } from 'vitest';
import {
  accepts,
  applyCommand,
  backoffMs,
  MAX_OBJECT_BYTES,
  MiB,
  partRange,
  planParts,
  readyToComplete,
  UPLOAD_STATUSES,
  type UploadCommand,
} from '../../src/domain/upload-plan';
import { fileProblem } from '../../src/domain/document-slots';

describe('part plan', () => {
  it.each([
    [0, 'single', 0, 1],
    [1, 'single', 1, 1],
    [5 * MiB - 1, 'single', 5 * MiB - 1, 1],
    [5 * MiB, 'single', 5 * MiB, 1],
    [5 * MiB + 1, 'multipart', 5 * MiB, 2],
    [10_000 * 5 * MiB, 'multipart', 5 * MiB, 10_000],
    [10_000 * 5 * MiB + 1, 'multipart', 10 * MiB, 5_001],
    [MAX_OBJECT_BYTES, 'multipart', 640 * MiB, 8_192],
  ])('%i bytes → %s, parts of %i, %i of them', (size, kind, partSize, partCount) => {
    expect(planParts(size)).toEqual({ kind, size, partSize, partCount });
  });

  it('refuses over 5 TB with the §8 message, and sizes that are not byte counts', () => {
    expect(() => planParts(MAX_OBJECT_BYTES + 1)).toThrow('File size bigger than S3 Object limit of 5TB');
    expect(() => planParts(-1)).toThrow('whole number of bytes');
    expect(() => planParts(1.5)).toThrow('whole number of bytes');
  });

  it('cuts parts that cover the file exactly once', () => {
    const plan = planParts(12 * MiB + 7);
    const ranges = Array.from({ length: plan.partCount }, (_, i) => partRange(plan, i + 1));
    expect(ranges).toEqual([
      { start: 0, end: 5 * MiB },
      { start: 5 * MiB, end: 10 * MiB },
      { start: 10 * MiB, end: 12 * MiB + 7 },
    ]);
  });
});

describe('task commands (§4.5)', () => {
  const table: Record<UploadCommand, Record<string, string | null>> = {
    start: { init: 'in progress', 'in progress': null, paused: null, cancelled: null, completed: null },
    pause: { init: 'paused', 'in progress': 'paused', paused: null, cancelled: null, completed: null },
    resume: { init: 'in progress', 'in progress': null, paused: 'in progress', cancelled: null, completed: null },
    cancel: { init: 'cancelled', 'in progress': 'cancelled', paused: 'cancelled', cancelled: null, completed: null },
  };
  for (const [command, row] of Object.entries(table) as [UploadCommand, Record<string, string | null>][]) {
    for (const status of UPLOAD_STATUSES) {
      it(`${command} from ${status} → ${row[status] ?? 'refused'}`, () => {
        if (row[status]) expect(applyCommand(status, command)).toBe(row[status]);
        else expect(() => applyCommand(status, command)).toThrow();
        expect(accepts(status, command)).toBe(row[status] !== null);
      });
    }
  }

  it('says why a refused command does not apply', () => {
    expect(() => applyCommand('completed', 'cancel')).toThrow('This upload cannot be cancelled: it is completed.');
    expect(() => applyCommand('in progress', 'resume')).toThrow('This upload cannot be resumed: it is in progress.');
  });
});

describe('completion', () => {
  const plan = planParts(11 * MiB);
  const part = (partNumber: number, size: number) => ({ partNumber, eTag: `"${partNumber}"`, size });
  it('needs every part once and the bytes to add up to the file', () => {
    expect(readyToComplete(plan, [part(1, 5 * MiB), part(2, 5 * MiB), part(3, MiB)])).toBe(true);
    expect(readyToComplete(plan, [part(1, 5 * MiB), part(2, 5 * MiB)])).toBe(false);
    expect(readyToComplete(plan, [part(1, 5 * MiB), part(2, 5 * MiB), part(3, MiB - 1)])).toBe(false);
    expect(readyToComplete(plan, [part(1, 5 * MiB), part(1, 5 * MiB), part(3, MiB)])).toBe(false);
  });
});

describe('retry pause (§9)', () => {
  it('grows from 100 ms with jitter and stops growing at 5 minutes', () => {
    expect(backoffMs(0, () => 0)).toBe(50);
    expect(backoffMs(0, () => 1)).toBe(100);
    expect(backoffMs(3, () => 1)).toBe(800);
    expect(backoffMs(30, () => 1)).toBe(300_000);
    expect(backoffMs(30, () => 1, 8_000)).toBe(8_000);
    expect(backoffMs(30, () => 0, 8_000)).toBe(4_000);
  });
});

describe('document slots', () => {
  it('names what is wrong with a file before anything is sent', () => {
    expect(fileProblem('proof-of-address', { name: 'bill.docx', type: 'application/msword', size: 10 })).toBe(
      'bill.docx: upload a PDF, JPEG, PNG or HEIC file',
    );
    expect(fileProblem('proof-of-address', { name: 'bill.pdf', type: 'application/pdf', size: 6 * MiB })).toBe(
      'bill.pdf is over 5 MB; upload a smaller file',
    );
    expect(fileProblem('inspection-media', { name: 'tour.mp4', type: 'video/mp4', size: 0 })).toBe('tour.mp4 is empty');
    expect(fileProblem('inspection-media', { name: 'tour.mp4', type: 'video/mp4', size: MAX_OBJECT_BYTES + 1 })).toBe(
      'File size bigger than S3 Object limit of 5TB',
    );
    expect(fileProblem('inspection-media', { name: 'tour.mp4', type: 'video/mp4', size: 512 * MiB })).toBeUndefined();
  });
});
