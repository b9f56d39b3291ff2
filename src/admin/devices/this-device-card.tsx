import { useState } from 'react';
import { Bell } from 'lucide-react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import type { PushDevice } from '../contract';
import { DetailCard } from '../shared/detail-card';
import { turnOnThisDevice, type Capability } from './this-device';

const text = adminText.devices;

/** What the card says of this device: its browser's limits first, then on or off. */
function stateText(capability: Capability, on: boolean | undefined): string {
  if (capability === 'unsupported') return text.unsupported;
  if (capability === 'install-first') return text.installFirst;
  if (capability === 'denied') return text.denied;
  if (on === undefined) return text.checking;
  return on ? text.on : text.off;
}

/**
 * This device: why alerts cannot be on here (the browser, the iPhone's Home Screen, a refused
 * permission), or whether they are, and 'Notify me on this device'.
 */
export function ThisDeviceCard({
  capability,
  on,
  publicKey,
  onTurnedOn,
  onDenied,
}: {
  capability: Capability;
  /** Undefined while this browser's subscription is being looked up. */
  on: boolean | undefined;
  publicKey: string;
  onTurnedOn: (device: PushDevice) => void;
  onDenied: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  function turnOn() {
    setBusy(true);
    setFailure('');
    // Called in the tap itself: the permission's prompt needs the tap (turnOnThisDevice asks first).
    void turnOnThisDevice(publicKey).then((result) => {
      setBusy(false);
      if (result.ok) {
        onTurnedOn(result.device);
        // The button is gone: the focus goes to what the tap did.
        requestAnimationFrame(() => document.getElementById('this-device-state')?.focus());
      } else if ('message' in result) setFailure(result.message);
      else if (result.state === 'denied') onDenied();
      else setFailure(text.dismissed);
    });
  }

  return (
    <DetailCard id="this-device-heading" title={text.thisDevice}>
      <p
        id="this-device-state"
        role="status"
        tabIndex={-1}
        className="mt-2 max-w-prose text-slate-800"
      >
        {stateText(capability, on)}
      </p>
      {capability === 'supported' && on === false && (
        <button
          type="button"
          onClick={turnOn}
          disabled={busy}
          className={`${buttonClasses('secondary', 'md')} mt-4`}
        >
          <Bell aria-hidden="true" className="size-4" />
          {busy ? text.turningOn : text.turnOn}
        </button>
      )}
      <p role="alert" className="mt-3 max-w-prose font-semibold text-red-800 empty:hidden">
        {failure}
      </p>
    </DetailCard>
  );
}
