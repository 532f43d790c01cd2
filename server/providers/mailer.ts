/**
 * The mail provider: locally the development mailbox, next to the confirmation codes; in
 * production Amazon SES (MAIL_FROM). `id` names what a message carries (a notification), so a
 * mailbox that can tell (the local one) keeps a message delivered twice once.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { appendToMailbox } from './dev-mailbox';

export interface Mailer {
  send(message: { id: string; to: string; subject: string; body: string }): Promise<void>;
}

export function devMailboxMailer(file: string): Mailer {
  return {
    async send({ id, to, subject, body }) {
      appendToMailbox(file, { id, to, channel: 'email', subject, body, sentAt: new Date().toISOString() });
    },
  };
}

export function sesMailer(options: { from: string; region: string; endpoint?: string }): Mailer {
  const client = new SESv2Client({ region: options.region, endpoint: options.endpoint });
  return {
    async send({ to, subject, body }) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: body, Charset: 'UTF-8' } } } },
        }),
      );
    },
  };
}
