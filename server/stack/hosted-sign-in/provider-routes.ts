/**
 * The sandbox providers' pages and what follows approval. A provider page lists the accounts
 * this browser used with it (a cookie, as a provider's account chooser remembers them) and
 * takes another; Cancel sends the person back with `access_denied`. After approval the pool
 * decides (federation.ts): sign in, prove the password of the account that has the e-mail
 * (the link page; five wrong tries end the attempt), or refuse with a reason the app explains.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '../../../src/domain/brand';
import { providerByPoolName } from '../../../src/domain/social-sign-in';
import type { ProviderProfile } from './federation';
import type { AuthorizationRequest } from './flow-store';
import { consentPage, errorPage, linkPage } from './pages';
import { cookie, cookiesOf, LOOKS, providerBySlug, sendPage, type SignInContext } from './sign-in-context';

type Form = Record<string, string | undefined>;

const MAX_PASSWORD_ATTEMPTS = 5;
const REMEMBERED_ACCOUNTS = 5;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const expired = errorPage('This sign-in took too long or was already used. Go back to the app and start again.');

export function providerRoutes(app: FastifyInstance, context: SignInContext): void {
  const { flows, accounts, federation } = context;
  const formTargets = context.appOrigins;

  function lookOf(request: AuthorizationRequest) {
    return LOOKS[providerByPoolName(request.providerName)!];
  }

  function remembered(request: FastifyRequest, pending: AuthorizationRequest): ProviderProfile[] {
    const saved = cookiesOf(request)[`remembered_${lookOf(pending).slug}`] ?? '';
    return saved
      .split(',')
      .filter(Boolean)
      .flatMap((email) => accounts.find(pending.providerName, email) ?? []);
  }

  function remember(request: FastifyRequest, reply: FastifyReply, pending: AuthorizationRequest, email: string) {
    const others = remembered(request, pending).filter((account) => account.email !== email);
    const list = [email, ...others.map((account) => account.email)].slice(0, REMEMBERED_ACCOUNTS);
    reply.header('set-cookie', cookie(`remembered_${lookOf(pending).slug}`, list.join(','), 365 * 86_400));
  }

  function showConsent(request: FastifyRequest, reply: FastifyReply, flow: string, pending: AuthorizationRequest, extra: object = {}) {
    const page = consentPage({
      look: lookOf(pending),
      flow,
      clientName: BRAND.name,
      remembered: remembered(request, pending),
      formTargets,
      ...extra,
    });
    return sendPage(reply, page, 'error' in extra ? 400 : 200);
  }

  app.get('/providers/:slug', async (request, reply) => {
    const flow = (request.query as Form).flow ?? '';
    const pending = flows.requests.get(flow);
    if (!pending || providerBySlug((request.params as Form).slug ?? '') !== providerByPoolName(pending.providerName)) {
      return sendPage(reply, expired, 400);
    }
    return showConsent(request, reply, flow, pending);
  });

  app.post('/providers/:slug', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const flow = form.flow ?? '';
    const pending = flows.requests.get(flow);
    if (!pending || providerBySlug((request.params as Form).slug ?? '') !== providerByPoolName(pending.providerName)) {
      return sendPage(reply, expired, 400);
    }
    if (form.cancel) {
      flows.requests.take(flow);
      return context.sendBack(reply, pending, 'access_denied', `The user cancelled at ${lookOf(pending).title}.`);
    }
    const email = (form.email ?? '').trim();
    const typed = { email, givenName: form.givenName?.trim(), familyName: form.familyName?.trim() };
    if (!EMAIL.test(email)) return showConsent(request, reply, flow, pending, { error: 'Enter an e-mail address.', typed });

    const profile = accounts.signIn(pending.providerName, email, typed);
    remember(request, reply, pending, profile.email);
    const resolution = await federation.resolve(profile);
    if (resolution.kind === 'refused') {
      flows.requests.take(flow);
      return context.sendBack(reply, pending, 'access_denied', resolution.reason);
    }
    if (resolution.kind === 'prove-password') {
      pending.profile = profile;
      pending.linkTo = resolution.user.Username;
      return sendPage(reply, linkPage({ look: lookOf(pending), flow, email: profile.email, formTargets }));
    }
    flows.requests.take(flow);
    return context.complete(reply, pending, resolution.user.Username, profile);
  });

  app.post('/link', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const flow = form.flow ?? '';
    const pending = flows.requests.get(flow);
    const { profile, linkTo } = pending ?? {};
    if (!pending || !profile || !linkTo) return sendPage(reply, expired, 400);
    const look = lookOf(pending);
    if (form.cancel) {
      flows.requests.take(flow);
      return context.sendBack(reply, pending, 'access_denied', `The user did not link ${look.title} to their account.`);
    }
    const owner = await federation.userByUsername(linkTo);
    if (!owner || !federation.passwordMatches(owner, form.password ?? '')) {
      pending.passwordAttempts += 1;
      if (pending.passwordAttempts >= MAX_PASSWORD_ATTEMPTS) {
        flows.requests.take(flow);
        return context.sendBack(reply, pending, 'access_denied', 'Too many wrong passwords.');
      }
      const page = linkPage({ look, flow, email: profile.email, error: 'That password is not right.', formTargets });
      return sendPage(reply, page, 400);
    }
    flows.requests.take(flow);
    const linked = await federation.link(owner.Username, profile);
    return context.complete(reply, pending, linked.Username, profile);
  });
}
