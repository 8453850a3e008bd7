import { reminderStrings } from './en-reminders';
import { pwaStrings } from './en-pwa';

/**
 * English strings by key. Only the en locale exists (PRODUCT-SPEC §2). These load with the app: what the
 * sign-in, marketing and dashboard pages and the app shell show; the rest is in en-later.ts.
 */
export const en = {
  app: { name: 'Storekeep', loading: 'Loading…', comingSoon: 'Coming soon', comingSoonText: '{{section}} is being built and will be here soon. Your data is safe in the meantime.', backToDashboard: 'Back to dashboard', back: 'Back' },
  nav: {
    dashboard: 'Dashboard', companies: 'Companies', brands: 'Brands', stores: 'Stores', contacts: 'Contacts',
    documents: 'Documents', notifications: 'Notifications', openSidebar: 'Open sidebar', closeSidebar: 'Close sidebar',
    mainNavigation: 'Main navigation', unread: '{{count}} unread', leases: 'Leases', agreements: 'Agreements', sales: 'Sales',
  },
  menu: {
    open: 'Open user menu', editProfile: 'Edit profile', billing: 'Billing', team: 'Team', attributes: 'Attributes',
    auditLogs: 'Audit logs', switchTeam: 'Switch team', currentTeam: 'Current team', logout: 'Log out',
  },
  search: {
    label: 'Search', results: 'Search results', placeholder: 'Search companies, brands, stores, contacts, documents…', noResults: 'No results for “{{query}}”.',
    types: { companies: 'Companies', brands: 'Brands', stores: 'Stores', contacts: 'Contacts', documents: 'Documents' },
  },
  marketing: {
    features: 'Features', pricing: 'Pricing', demo: 'Demo', login: 'Log in', openMenu: 'Open menu', closeMenu: 'Close menu',
    getStarted: 'Get started', privacy: 'Privacy policy', terms: 'Terms of service', security: 'Security',
    copyright: '© 2020-2024 Storekeep', appStore: 'Download on the App Store', googlePlay: 'Get it on Google Play',
    linkedin: 'Storekeep on LinkedIn', x: 'Storekeep on X', github: 'Storekeep on GitHub',
    tryDemo: 'Try the demo',
  },
  auth: {
    email: 'Email', password: 'Password', name: 'Name', passwordConfirmation: 'Confirm password', remember: 'Remember me',
    login: 'Log in', loginTitle: 'Log in to your account', register: 'Register', registerTitle: 'Create your account',
    forgot: 'Forgot your password?', noAccount: 'New to Storekeep?', createAccount: 'Create an account',
    haveAccount: 'Already have an account?', failed: 'These credentials do not match our records.',
    verified: 'Your e-mail address has been verified. You can log in now.', verifyInvalid: 'That verification link is invalid or has expired.',
    resetTitle: 'Reset your password', resetIntro: 'Enter your e-mail address and we will send you a link to choose a new password.',
    sendResetLink: 'Send reset link', resetPassword: 'Reset password', resetDone: 'Your password has been reset. You can log in now.',
    backToLogin: 'Back to log in', loggedOut: 'You have been logged out.', checkInbox: 'Check your inbox',
    checkInboxHint: 'If {{email}} already has an account, the e-mail tells you how to log in or reset your password.',
  },
  verification: {
    notice: 'Your e-mail address is not verified yet. Check your inbox for the verification link.',
    resend: 'Resend verification e-mail', resent: 'A new verification link has been sent to your e-mail address.', verified: 'Thanks, your e-mail address is verified.',
  },
  invitation: {
    joinTitle: 'Join {{team}}', intro: 'You have been invited to join {{team}} as {{role}}.', accept: 'Accept invitation',
    accepted: 'Welcome to {{team}}!',
    wrongAccount: 'This invitation was sent to {{email}}. Log out and log in with that address to accept it.',
    missing: 'This invitation link is missing its code. Ask your team admin to send it again.',
    invalid: 'This invitation is no longer valid. Ask your team admin for a new one.',
    registerTitle: 'Create your account to join {{team}}',
    invitedBy: 'Invited by {{name}}.',
    verifyFirst: 'Verify your e-mail address first: open the link we sent to {{email}}, then come back to this page.',
    loginOrRegister: 'Log in as {{email}} to accept this invitation, or create an account for that address from the link in the invitation e-mail.',
  },
  roles: { observer: 'Observer', manager: 'Manager', admin: 'Admin' },
  dashboard: {
    title: 'Dashboard', expenditure: 'Annual rent, charges and fees', locations: 'Locations', nearExpiration: 'Near expiration',
    nearRenewal: 'Near renewal notice', stores: 'Stores', noStores: 'No stores yet',
    noStoresText: 'Add your first store to track its lease, franchise agreement and every critical date.', addStore: 'Add a store',
  },
  profile: {
    title: 'Profile', info: 'Profile information', infoText: "Update your account's name and e-mail address.",
    saved: 'Profile saved.',
    emailPending: 'We sent a link to {{email}}. Your e-mail address changes when you open it.',
    emailPendingHint: 'Check the inbox of {{email}}: your e-mail address changes to it when you open the link we sent there. Until then you keep signing in with {{current}}.',
    emailChanged: 'Your new e-mail address is confirmed.',
    emailChangeInvalid: 'That confirmation link is invalid or has expired. Save the new address again to get a new link.',
    currentPasswordHint: 'Enter your current password to change your e-mail address.',
    passwordTitle: 'Update password', passwordText: 'Use a long, random password to stay secure.',
    currentPassword: 'Current password', newPassword: 'New password', passwordSaved: 'Password updated.', save: 'Save', saveProfile: 'Save profile', savePassword: 'Update password',
    demo: 'The demo account cannot change its profile or password.',
    otherDevicesTitle: 'Browser sessions',
    otherDevicesText: 'Signed in on a computer or phone you no longer use? Log out everywhere else; this browser stays signed in.',
    otherDevicesButton: 'Log out other devices',
    otherDevicesConfirmTitle: 'Log out other devices?',
    otherDevicesConfirmText: 'Every other browser signed in to your account will be signed out. API tokens keep working.',
    otherDevicesDone_one: 'Logged out of 1 other session.',
    otherDevicesDone_other: 'Logged out of {{count}} other sessions.',
  },
  reactivate: {
    title: 'Your subscription is inactive', text: 'Reactivate your subscription to get back to your stores, leases and critical dates. Nothing has been deleted.',
    action: 'Reactivate subscription', billingOff: 'Billing is not set up on this server. Contact your administrator to reopen the team.',
  },
  billing: {
    title: 'Billing', description: 'Your team’s plan, invoices and payment method.', subscription: 'Subscription',
    plan: 'Plan', status: 'Status', nextInvoice: 'Next invoice', paymentMethod: 'Payment method', none: '—',
    card: '{{brand}} ending in {{last4}} {{expiry}}', interval: { month: 'month', year: 'year', week: 'week', day: 'day' },
    statuses: { active: 'Active', trialing: 'Trial', past_due: 'Past due', canceled: 'Canceled', inactive: 'Inactive' },
    subscribe: 'Subscribe', manage: 'Manage billing', thanks: 'Thank you! Your subscription will show here as soon as Stripe confirms it.',
    pastDue: 'Your last payment failed. Stripe will retry; update your payment method to keep access.',
    offTitle: 'Billing is off', offText: 'This server has no payment provider set up (STRIPE_SECRET_KEY), so every team is active and nothing is billed.',
  },
  pagination: { nav: 'Pagination', range: '{{from}}–{{to}} of {{total}}', previous: 'Previous', next: 'Next', page: 'Page {{page}}', perPage: 'Per page' },
  common: { cancel: 'Cancel', confirm: 'Confirm', close: 'Close', save: 'Save', delete: 'Delete', loading: 'Loading…', error: 'Error' },
  errors: {
    network: 'Could not reach the server. Check your connection and try again.', generic: 'Something went wrong. Please try again.',
    notFound: 'This page could not be found', notFoundText: 'The page you are looking for does not exist or has moved.',
    forbidden: 'You are not allowed to see this page', forbiddenText: 'Ask a team admin if you need access.',
    serverText: 'An unexpected error happened on our side. We have been told about it.', goHome: 'Go back home',
    contactSupport: 'Contact support', networkTitle: 'Network error',
    status: { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not found', 419: 'Page expired', 429: 'Too many requests', 500: 'Server error', 503: 'Service unavailable' },
  },
  ...reminderStrings,
  ...pwaStrings,
} as const;
