/**
 * Offers, shared links and deals (issue 6). Signed-in routes reach only the caller's own
 * negotiations and deals (404 otherwise); `public/` routes (SPEC §6) take a shared-link token
 * and never reveal the other side's contact details.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  confirmVehicleSchema,
  linkActionSchema,
  linkChangeSchema,
  offerActionSchema,
  startOfferSchema,
} from '../../../src/domain/offer-fields';
import { answerOffer } from '../../commands/answer-offer';
import { answerOfferByLink } from '../../commands/answer-offer-by-link';
import { confirmVehicle } from '../../commands/confirm-vehicle';
import type { CommandContext } from '../../commands/context';
import { expireOffers } from '../../commands/expire-offers';
import { linkAccount } from '../../commands/link-account';
import { createOfferLink, revokeOfferLinks } from '../../commands/offer-links';
import { startOffer } from '../../commands/start-offer';
import { negotiationForToken, offerShownByLink } from '../../modules/offers/share-links';
import { dealForParty } from '../../views/deal-views';
import { dashboardCounts, negotiationForParty, negotiationsOf, negotiationSummary } from '../../views/offer-views';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';
import { limitedBy } from '../guards/rate-limits';
import { parseInput } from '../../kernel/validation';

const idParams = z.object({ id: z.uuid('That is not an offer id') });
const tokenParams = z.object({
  token: z.string().check(z.regex(/^[\w-]{43}$/, 'That link is not complete; copy the whole link and try again')),
});

/** `appOrigin` (APP_ORIGIN) is where links in mail point: never a request's Host or X-Forwarded-Host (DESIGN §12). */
export function offerRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const { db } = ctx;
  const me = (request: FastifyRequest) => accountOf(ctx, request.caller!);

  app.post('/api/offers', { preHandler: [deps.authenticate, limitedBy(app, 'offersPerUser')] }, async (request, reply) => {
    const input = parseInput(startOfferSchema, request.body);
    const user = await me(request);
    const started = await startOffer(ctx, user, input);
    const view = await negotiationForParty(db, started.negotiationId, user);
    return reply.code(started.replayed ? 200 : 201).send({ ...view, shareUrl: started.shareUrl, replayed: started.replayed });
  });

  // Reads first expire what ran out, so nobody sees an offer as open past its expiry.
  app.get('/api/offers', { preHandler: deps.authenticate }, async (request) => {
    const user = await me(request);
    await expireOffers(ctx, { userId: user.id });
    return negotiationsOf(db, user);
  });

  app.get('/api/offers/:id', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await expireOffers(ctx, { negotiationId: id });
    return negotiationForParty(db, id, await me(request));
  });

  app.post('/api/offers/:id/actions', { preHandler: [deps.authenticate, limitedBy(app, 'offerActionsPerUser')] }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(offerActionSchema, request.body);
    const user = await me(request);
    await answerOffer(ctx, user, id, input);
    return negotiationForParty(db, id, user);
  });

  // "Confirm vehicle information": the seller confirms or corrects what a buyer described, with the VIN.
  app.post('/api/offers/:id/vehicle', { preHandler: [deps.authenticate, limitedBy(app, 'offerActionsPerUser')] }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(confirmVehicleSchema, request.body);
    const user = await me(request);
    await confirmVehicle(ctx, user, id, input);
    return negotiationForParty(db, id, user);
  });

  // Offers sent to an address go only to someone the user pool says owns it.
  app.post('/api/offers/link-account', { preHandler: deps.authenticate }, async (request, reply) => {
    if (!request.caller!.emailVerified)
      return reply
        .code(403)
        .send({ message: 'Confirm your e-mail address first: we attach what was sent to it only once we know it is yours.' });
    return linkAccount(ctx, await me(request));
  });

  app.get('/api/deals/:id', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return dealForParty(db, id, await me(request));
  });

  app.get('/api/dashboard', { preHandler: deps.authenticate }, async (request) => dashboardCounts(db, await me(request)));

  app.post('/api/offers/:id/links', { preHandler: [deps.authenticate, limitedBy(app, 'linksPerUser')] }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { idempotencyKey } = parseInput(linkChangeSchema, request.body);
    const made = await createOfferLink(ctx, await me(request), id, idempotencyKey);
    return reply.code(made.replayed ? 200 : 201).send(made);
  });

  app.delete('/api/offers/:id/links', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { idempotencyKey } = parseInput(linkChangeSchema, request.body);
    await revokeOfferLinks(ctx, await me(request), id, idempotencyKey);
    return reply.code(204).send();
  });

  // Shared links: the vehicle, the offer, its expiry and the side the visitor is on; nothing about the people.
  const linkView = async (token: string, email: string | null) => {
    // What ran out expires before it is shown (the schedule catches the rest).
    await expireOffers(ctx, { negotiationId: (await negotiationForToken(db, token)).negotiation.id });
    const { negotiation, linkSide, offer, own } = await offerShownByLink(db, token, email);
    const summary = await negotiationSummary(db, negotiation);
    return {
      status: own ? negotiation.status : 'open',
      vehicle: summary.vehicle,
      offer: { id: offer.id, amount: offer.amountDollars, fromRole: offer.fromRole, expiresAt: offer.expiresAt.toISOString() },
      yourRole: linkSide,
    };
  };

  app.get('/api/public/offer-links/:token', { preHandler: limitedBy(app, 'linkViewsPerClient') }, async (request) => {
    const { token } = parseInput(tokenParams, request.params);
    return linkView(token, null);
  });

  const linkActions = limitedBy(app, 'linkActionsPerClient', 'linkActionsPerLink');
  app.post('/api/public/offer-links/:token/actions', { preHandler: linkActions }, async (request) => {
    const { token } = parseInput(tokenParams, request.params);
    const { email, ...action } = parseInput(linkActionSchema, request.body);
    const outcome = await answerOfferByLink(ctx, token, email, action);
    return { status: outcome.status, dealCreated: outcome.dealId !== null };
  });
}
