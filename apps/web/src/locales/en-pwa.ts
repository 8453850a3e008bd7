/** Strings of the installed app: the update prompt and push notifications on this device. */
export const pwaStrings = {
  pwa: {
    updateReady: 'A new version of Storekeep is ready.',
    reload: 'Reload',
    push: {
      enable: 'Notify me on this device',
      enabled: 'Notifications are on for this device.',
      denied: 'Notifications are blocked for this site in your browser settings.',
      failed: 'Notifications could not be turned on on this device.',
    },
    share: 'Share',
  },
};
