/** The offers IndexedDB keeps: each negotiation as the list answers it, with the list it sits in and its latest share link. */
import type { NegotiationSummary, OfferList } from '../../domain/offer-contract';

export type CachedNegotiation = NegotiationSummary & {
  list: OfferList;
  savedAt: number;
  /** The link the user made last on this device (the server keeps only its hash). */
  shareUrl?: string | null;
  /** When this device last turned its shared links off (cleared by a new link). */
  linksOffAt?: number;
  /** For a negotiation started on this device: the key of its start, so the page that started it finds it. */
  startedWith?: string;
};
