/**
 * A party makes another link to share an offer (older ones keep working until revoked), or turns
 * every link of it off. A repeated make answers without the link: only its hash is kept.
 */
import type { UserRow } from '../kernel/access';
import { negotiationOfParty, newLinkToken, shareUrl } from '../modules/offers/negotiation-records';
import { addLink, revokeLinks } from '../modules/offers/share-links';
import { userKeys, type CommandContext } from './context';

export async function createOfferLink(
  ctx: CommandContext,
  user: UserRow,
  negotiationId: string,
  idempotencyKey?: string,
): Promise<{ shareUrl: string | null; replayed: boolean }> {
  await negotiationOfParty(ctx.db, negotiationId, user);
  const { token, hash } = newLinkToken();
  const key = idempotencyKey
    ? {
        owner: userKeys(user),
        key: idempotencyKey,
        command: 'share offer',
        request: { negotiationId },
        label: 'Sharing the offer',
      }
    : undefined;
  const { replayed } = await ctx.run({ key }, (uow) => addLink(uow, negotiationId, user, hash));
  return { shareUrl: replayed ? null : shareUrl(ctx.appOrigin, token), replayed };
}

export async function revokeOfferLinks(ctx: CommandContext, user: UserRow, negotiationId: string, idempotencyKey?: string): Promise<void> {
  await negotiationOfParty(ctx.db, negotiationId, user);
  const key = idempotencyKey
    ? {
        owner: userKeys(user),
        key: idempotencyKey,
        command: 'revoke offer links',
        request: { negotiationId },
        label: 'Turning links off',
      }
    : undefined;
  await ctx.run({ key }, (uow) => revokeLinks(uow, negotiationId, user));
}
