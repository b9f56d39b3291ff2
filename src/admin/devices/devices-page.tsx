import { useEffect, useState } from 'react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import { pushApi } from '../api';
import type { PushDevice, PushState } from '../contract';
import { formatTime } from '../shared/format';
import { LoadFailed } from '../shared/load-failed';
import { PageHeading } from '../shared/page-heading';
import { useLoaded } from '../shared/use-loaded';
import { ThisDeviceCard } from './this-device-card';
import { capability as browserCapability, currentEndpoint, turnOff } from './this-device';

const text = adminText.devices;

interface Announcement {
  text: string;
  failed: boolean;
}

function DeviceItem({
  device,
  thisOne,
  onTurnOff,
}: {
  device: PushDevice;
  thisOne: boolean;
  onTurnOff: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 py-3 first:border-t-0">
      <div>
        <p className="font-semibold break-words">
          {device.label}
          {thisOne && (
            <span className="ml-2 rounded-full bg-navy-50 px-2 py-0.5 text-sm font-semibold text-navy-900">
              {text.thisDeviceMark}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-700">
          {text.since(formatTime(device.createdAt))}
          {' · '}
          {device.lastSentAt === null
            ? text.noAlertYet
            : text.lastAlert(formatTime(device.lastSentAt))}
        </p>
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onTurnOff().finally(() => setBusy(false));
        }}
        className={buttonClasses('outline', 'md')}
      >
        {text.turnOff} <span className="sr-only">{device.label}</span>
      </button>
    </li>
  );
}

/** The signed-in user's devices that get alerts, this one marked, each with 'Turn off'. */
function DeviceList(props: {
  devices: PushDevice[];
  thisEndpoint: string | undefined;
  onTurnOff: (device: PushDevice) => Promise<void>;
}) {
  return (
    <section
      aria-labelledby="device-list-heading"
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="device-list-heading" tabIndex={-1} className="text-xl font-bold">
        {text.list}
      </h2>
      {props.devices.length === 0 ? (
        <p className="mt-2 text-slate-700">{text.none}</p>
      ) : (
        <ul className="mt-2">
          {props.devices.map((device) => (
            <DeviceItem
              key={device.id}
              device={device}
              thisOne={device.endpoint === props.thisEndpoint}
              onTurnOff={() => props.onTurnOff(device)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** This browser's subscription's endpoint: undefined while looked up, '' for none. */
function useThisEndpoint(supported: boolean) {
  const [endpoint, setEndpoint] = useState<string | undefined>(supported ? undefined : '');
  useEffect(() => {
    if (!supported) return;
    let current = true;
    currentEndpoint().then(
      (found) => current && setEndpoint(found ?? ''),
      () => current && setEndpoint(''),
    );
    return () => {
      current = false;
    };
  }, [supported]);
  return [endpoint, setEndpoint] as const;
}

function DevicesView({ state, set }: { state: PushState; set: (state: PushState) => void }) {
  const [capability, setCapability] = useState(browserCapability);
  const [thisEndpoint, setThisEndpoint] = useThisEndpoint(capability === 'supported');
  const [announced, setAnnounced] = useState<Announcement>();
  const on =
    thisEndpoint === undefined ? undefined : state.devices.some((d) => d.endpoint === thisEndpoint);

  async function remove(device: PushDevice) {
    const thisOne = device.endpoint === thisEndpoint;
    try {
      await turnOff(device, thisOne);
      set({ ...state, devices: state.devices.filter((each) => each.id !== device.id) });
      if (thisOne) setThisEndpoint('');
      setAnnounced({ text: text.turnedOff(device.label), failed: false });
      // Its button is gone: the list keeps the focus.
      document.getElementById('device-list-heading')?.focus();
    } catch {
      setAnnounced({ text: text.turnOffFailed(device.label), failed: true });
    }
  }

  return (
    <>
      <p
        role="status"
        className={`font-semibold empty:hidden ${announced?.failed ? 'text-red-700' : 'text-green-800'}`}
      >
        {announced?.text ?? ''}
      </p>
      <ThisDeviceCard
        capability={capability}
        on={on}
        publicKey={state.publicKey}
        onTurnedOn={(device) => {
          setThisEndpoint(device.endpoint);
          const others = state.devices.filter((each) => each.id !== device.id);
          set({ ...state, devices: [...others, device] });
        }}
        onDenied={() => setCapability('denied')}
      />
      <DeviceList devices={state.devices} thisEndpoint={thisEndpoint} onTurnOff={remove} />
    </>
  );
}

/** #/devices: alerts on this device (turned on from the tap) and the devices that get them. */
export function DevicesPage() {
  const { loaded, retry, set } = useLoaded((signal) => pushApi.state(signal));
  return (
    <div className="space-y-6">
      <PageHeading
        title={text.title}
        heading={text.heading}
        back={{ to: '/', label: text.back }}
        intro={text.intro}
      />
      {loaded.status === 'loading' && <p className="text-slate-600">{adminText.loading}</p>}
      {(loaded.status === 'failed' || loaded.status === 'missing') && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {loaded.status === 'ready' && <DevicesView state={loaded.value} set={set} />}
    </div>
  );
}
