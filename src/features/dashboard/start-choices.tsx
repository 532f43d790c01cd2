/** The two ways to start a transaction: buying a car someone has, or selling one's own. */
import { Link } from 'react-router-dom';
import { buttonClass } from '../../ui/button';

export const BUY_PATH = '/transaction/information/create';
export const SELL_PATH = '/start-sale';

export function StartChoices() {
  return (
    <div className="columns">
      <div className="column">
        <div className="box start-choice">
          <h2 className="title is-5">Buy a car</h2>
          <p className="mb-4">
            Found a car you want? Tell us the seller’s e-mail or Caramel code, the car and your offer. They confirm the car and answer.
          </p>
          <Link to={BUY_PATH} className={buttonClass({})}>
            Make an offer to buy
          </Link>
        </div>
      </div>
      <div className="column">
        <div className="box start-choice">
          <h2 className="title is-5">Sell your car</h2>
          <p className="mb-4">Put a price on your car by its VIN, then send the offer to your buyer or share a link.</p>
          <Link to={SELL_PATH} className={buttonClass({ variant: 'outlined' })}>
            Start a sale
          </Link>
        </div>
      </div>
    </div>
  );
}
