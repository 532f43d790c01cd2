/**
 * Document uploads (issue 8): create (the API picks the key under the caller's private prefix),
 * sign part URLs, list the parts storage holds, complete, abort; and the caller's documents with
 * presigned GET URLs. Every route checks who calls; another user's upload answers 404.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  completeUploadSchema,
  createUploadSchema,
  documentKeySchema,
  listDocumentsSchema,
  signPartsSchema,
} from '../../../src/domain/document-slots';
import { listDocuments, readDocument } from '../../modules/uploads/documents';
import type { CommandContext } from '../../commands/context';
import { abortUpload, completeUpload, createUpload, uploadParts } from '../../commands/uploads';
import { signParts, type StorageDeps } from '../../modules/uploads/multipart';
import { accountOf } from '../../commands/account';
import type { Caller } from '../../modules/users/caller';
import type { Authenticate } from '../guards/auth';
import { parseInput } from '../../kernel/validation';

const idParams = z.object({ id: z.uuid('That is not an upload id') });

export function uploadRoutes(app: FastifyInstance, deps: { ctx: CommandContext; storage: StorageDeps; authenticate: Authenticate }) {
  const { ctx, storage, authenticate } = deps;
  const caller = (request: { caller?: Caller }) => accountOf(ctx, request.caller!);

  app.post('/api/uploads', { preHandler: authenticate }, async (request, reply) => {
    const input = parseInput(createUploadSchema, request.body);
    return reply.code(201).send(await createUpload(ctx, storage, await caller(request), input));
  });

  app.post('/api/uploads/:id/parts/sign', { preHandler: authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { partNumbers } = parseInput(signPartsSchema, request.body);
    return signParts(storage, await caller(request), id, partNumbers);
  });

  app.get('/api/uploads/:id/parts', { preHandler: authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return uploadParts(ctx, storage, await caller(request), id);
  });

  app.post('/api/uploads/:id/complete', { preHandler: authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(completeUploadSchema, request.body);
    return completeUpload(ctx, storage, await caller(request), id, input);
  });

  app.delete('/api/uploads/:id', { preHandler: authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return abortUpload(ctx, storage, await caller(request), id);
  });

  app.get('/api/documents', { preHandler: authenticate }, async (request) => {
    const query = parseInput(listDocumentsSchema, request.query);
    return listDocuments(storage, await caller(request), query);
  });

  app.get('/api/documents/object', { preHandler: authenticate }, async (request) => {
    const { key } = parseInput(documentKeySchema, request.query);
    return readDocument(storage, await caller(request), key);
  });
}
