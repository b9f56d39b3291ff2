/**
 * What the inbox's service worker shows when a push's words cannot be read
 * (src/admin/service-worker/push-events.ts). A module of its own so that the worker's bundle does
 * not carry every text of the inbox; `adminText.devices.notification` is the same object.
 */
export const alertNotificationText = {
  fallbackTitle: 'New activity in the inbox',
  fallbackBody: 'Open the inbox to see it.',
};
