import { QRCodeSVG } from 'qrcode.react';

/**
 * How to add this account to an authenticator app: a QR code to scan and, for apps or devices
 * that cannot scan, the key to type in (grouped in fours so it can be read aloud).
 */
export function TotpSetupInstructions({ secret, uri }: { secret: string; uri: string }) {
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <div className="mb-4">
      <ol className="ml-5 mb-4">
        <li>Open an authenticator app, such as Google Authenticator, 1Password or Authy.</li>
        <li>Scan this QR code, or enter the key below.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="has-text-centered mb-3">
        <div className="ui-totp-qr">
          <QRCodeSVG value={uri} size={176} title="QR code for your authenticator app" />
        </div>
      </div>
      <p className="label mb-1">Key for manual entry</p>
      <p className="ui-secret" aria-label={`Key for manual entry: ${secret.split('').join(' ')}`}>
        {grouped}
      </p>
    </div>
  );
}
