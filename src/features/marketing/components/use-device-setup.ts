// What is connected on this device, checked live: the session, the offline copy (a service
// worker controls the page) and whether the app runs installed. Unknown until the page runs
// in a browser (the prerendered HTML says "checking").
import { useEffect, useState } from 'react';

export interface DeviceSetup {
  checked: boolean;
  offlineReady: boolean;
  installed: boolean;
}

export function useDeviceSetup(): DeviceSetup {
  const [setup, setSetup] = useState<DeviceSetup>({ checked: false, offlineReady: false, installed: false });
  useEffect(() => {
    let cancelled = false;
    const installed =
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true;
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    void (worker?.getRegistration() ?? Promise.resolve(undefined)).then((registration) => {
      if (cancelled) return;
      setSetup({ checked: true, offlineReady: Boolean(registration?.active ?? worker?.controller), installed });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return setup;
}
