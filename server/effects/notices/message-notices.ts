/**
 * What deal messages tell people beyond the live thread notices: the other party's devices are
 * pushed each message; a party who left messages unread
 * is mailed (commands/mail-unread-messages.ts decides when), and a reported message tells the
 * admins which thread and why, with the way to read it (an admin may read a reported thread).
 */
import { eq } from 'drizzle-orm';
import { BRAND } from '../../../src/domain/brand';
import { threadPath } from '../../../src/domain/message-contract';
import { users } from '../../db/schema';
import type { Subscribers } from '../../kernel/domain-events';
import { notifyAdmins } from './admins';

export const MESSAGE_NOTICES: Subscribers = {
  // The other party's devices are pushed the message (unless they read it first, or turned messages off).
  'message.sent': [async (effects, sent) => effects.pushMessage(sent.messageId)],
  'messages.unread': [
    async (effects, unread) => {
      const [reader] = await effects.tx.select({ email: users.email }).from(users).where(eq(users.id, unread.userId));
      if (!reader) return;
      const what = unread.unread === 1 ? 'a message' : `${unread.unread} messages`;
      await effects.notify(
        { userId: unread.userId, email: reader.email },
        {
          kind: 'message unread',
          key: `message-unread:${unread.negotiationId}:${unread.at}`,
          subject: `You have ${what} about the ${unread.vehicle}`,
          body: `The other party wrote to you in ${BRAND.name} about the ${unread.vehicle}, and it is still unread. Open the conversation to read it and answer.`,
          link: threadPath(unread.negotiationId),
          negotiationId: unread.negotiationId,
        },
      );
    },
  ],
  'message.reported': [
    async (effects, reported) =>
      notifyAdmins(effects, {
        kind: 'message reported',
        key: `message-reported:${reported.messageId}`,
        subject: 'A message in a deal was reported',
        body: `A party reported a message in their conversation.\n\nTheir reason: ${reported.reason}\n\nRead the conversation and decide what to do.`,
        link: threadPath(reported.negotiationId),
      }),
  ],
};
