/**
 * The buyer asks for delivery quotes (SPEC §2.4 transport): both vendors quote from where the car
 * is to the buyer's address, and the quotes are kept, so a booking names one and its price is
 * the vendor's.
 */
import type { Address } from '../../src/domain/payload-fields';
import type { QuotesAnswer } from '../../src/domain/transport';
import { choosesTransport } from '../../src/domain/transaction-transitions';
import { TransactionRefusal } from '../kernel/access';
import { dealAndVehicle, dealSides } from '../kernel/deal-sides';
import type { TransactionRow } from '../kernel/event-log';
import { askQuotes, carLocationOf, keepQuotes } from '../modules/transport/shipments';
import type { CommandContext } from './context';

export async function askTransportQuotes(ctx: CommandContext, row: TransactionRow, to: Address): Promise<QuotesAnswer> {
  if (!choosesTransport(row.flow)) throw new TransactionRefusal(422, 'Only the buyer chooses the transport.');
  const { vehicle } = await dealAndVehicle(ctx.db, row.dealId);
  const from = await carLocationOf(ctx.db, row.dealId, (await dealSides(ctx.db, row.dealId)).seller);
  const answer = await askQuotes(ctx.providers, vehicle, from, to);
  await ctx.run({}, (uow) => keepQuotes(uow.tx, row, answer.quotes, from!, to));
  return { ...answer, from: from && { city: from.city, state: from.state, postalCode: from.postalCode } };
}
