/** The sandbox widget's inquiries, kept in one JSON file under the data dir so a restart loses none. */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Inquiry } from '../identity-verification';

type Stored = Inquiry & { templateId: string | null; sessionToken: string; createdAt: string };

export function inquiryStore(file: string) {
  // Kept by id in an object without a prototype: an id such as "__proto__" or "constructor" finds nothing.
  const read = (): Record<string, Stored> => {
    const all = Object.create(null) as Record<string, Stored>;
    try {
      return Object.assign(all, JSON.parse(readFileSync(file, 'utf8')) as Record<string, Stored>);
    } catch {
      return all;
    }
  };
  const write = (all: Record<string, Stored>) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(all, null, 2));
  };
  return {
    create(input: { templateId: string | null; referenceId: string | null; fields: Record<string, string> }): Stored {
      const inquiry: Stored = {
        id: `inq_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        status: 'pending',
        sessionToken: randomBytes(16).toString('hex'),
        createdAt: new Date().toISOString(),
        ...input,
      };
      write({ ...read(), [inquiry.id]: inquiry });
      return inquiry;
    },
    get: (id: string): Stored | undefined => read()[id],
    decide(id: string, status: 'approved' | 'declined', fields: Record<string, string>): Stored | undefined {
      const all = read();
      const inquiry = all[id];
      if (!inquiry || inquiry.status !== 'pending') return inquiry;
      all[id] = { ...inquiry, status, fields: { ...inquiry.fields, ...fields } };
      write(all);
      return all[id];
    },
  };
}
