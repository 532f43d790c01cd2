/**
 * The transport step's words for whoever chooses: a buyer getting the car from a seller, or a
 * dealer arranging it for their customer from the dealership's lot (the same step and vendors).
 */
import type { TransactionDetail } from '../../../domain/transaction-contract';

export interface TransportWords {
  heading: string;
  intro: string;
  legend: string;
  delivery: string;
  pickup: string;
  pickupHeading: string;
  pickupNote: string;
  deliveryHeading: string;
}

const where = (detail: TransactionDetail) =>
  detail.carLocation ? `${detail.carLocation.city}, ${detail.carLocation.state} ${detail.carLocation.postalCode}` : null;

export function transportWords(detail: TransactionDetail): TransportWords {
  const place = where(detail);
  if (detail.flow === 'dealer-financing')
    return {
      heading: 'Getting the car to your customer',
      intro: `${place ? `The car is on your lot in ${place}. ` : ''}Have it delivered to your customer, or they collect it from your lot. You can change this until you sign.`,
      legend: 'How does your customer get the car?',
      delivery: 'Delivery to the customer by RunBuggy or Acertus, on an open or enclosed carrier (added to what they pay)',
      pickup: 'The customer picks it up on your lot (free)',
      pickupHeading: 'When will your customer collect it?',
      pickupNote:
        'They are given your lot’s address and bring their driver’s licence; you hand the car over once their payment has cleared and you have both signed.',
      deliveryHeading: 'Where should we deliver it to your customer?',
    };
  return {
    heading: 'Getting the car to you',
    intro: `${place ? `The car is in ${place}. ` : ''}Have it delivered to your door, or collect it from the seller yourself. You can change this until you review your price breakdown.`,
    legend: 'How do you want to get the car?',
    delivery: 'Delivery to my door by RunBuggy or Acertus, on an open or enclosed carrier',
    pickup: 'I pick it up from the seller (free)',
    pickupHeading: 'When will you collect it?',
    pickupNote: `${detail.carLocation ? `The car is in ${detail.carLocation.city}, ${detail.carLocation.state}. You get the seller's address once you book.` : 'You get the seller’s address once you book.'} Bring your driver’s licence; the car is handed over once the payment has cleared and you have both signed.`,
    deliveryHeading: 'Where should we deliver it?',
  };
}
