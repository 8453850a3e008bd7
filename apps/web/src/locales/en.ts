import { attributeStrings } from './en-attributes';
import { importStrings } from './en-imports';
import { tokenStrings } from './en-tokens';
import { leaseStrings } from './en-leases';
import { salesStrings } from './en-sales';
import { pwaStrings } from './en-pwa';

/** English strings by key. Only the en locale exists (PRODUCT-SPEC §2). */
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
    backToLogin: 'Back to log in', loggedOut: 'You have been logged out.',
  },
  verification: {
    notice: 'Your e-mail address is not verified yet. Check your inbox for the verification link.',
    resend: 'Resend verification e-mail', resent: 'A new verification link has been sent to your e-mail address.', verified: 'Thanks, your e-mail address is verified.',
  },
  invitation: {
    joinTitle: 'Join {{team}}', intro: 'You have been invited to join {{team}} as {{role}}.', accept: 'Accept invitation',
    accepted: 'Welcome to {{team}}!', loginFirst: 'Log in as {{email}} to accept this invitation.', registerFirst: 'Create an account for {{email}} to join.',
    wrongAccount: 'This invitation was sent to {{email}}. Log out and log in with that address to accept it.',
    missing: 'This invitation link is missing its code. Ask your team admin to send it again.',
    invalid: 'This invitation is no longer valid. Ask your team admin for a new one.',
    registerTitle: 'Create your account to join {{team}}',
  },
  roles: { observer: 'Observer', manager: 'Manager', admin: 'Admin' },
  dashboard: {
    title: 'Dashboard', expenditure: 'Annual rent, charges and fees', locations: 'Locations', nearExpiration: 'Near expiration',
    nearRenewal: 'Near renewal notice', stores: 'Stores', noStores: 'No stores yet',
    noStoresText: 'Add your first store to track its lease, franchise agreement and every critical date.', addStore: 'Add a store',
  },
  profile: {
    title: 'Profile', info: 'Profile information', infoText: "Update your account's name and e-mail address.",
    saved: 'Profile saved.', passwordTitle: 'Update password', passwordText: 'Use a long, random password to stay secure.',
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
  team: {
    export: {
      title: 'Export everything', download: 'Download a ZIP of all team data',
      text: 'Every company, brand, store, contact, lease, agreement, sales figure, reminder, note and attribute as CSV files, plus every document’s current file. For a backup, or to take your data elsewhere.',
    },
    title: 'Team', settings: 'Team name', settingsText: 'The name your colleagues see.', name: 'Team name', renamed: 'Team renamed.',
    members: 'Members', membersText: 'Everyone with access to this team.', role: 'Role', roleOf: 'Role of {{name}}', joined: 'Joined', owner: 'Owner', you: 'you',
    remove: 'Remove', leave: 'Leave team', removeTitle: 'Remove {{name}}?', removeText: '{{name}} will lose access to {{team}}.',
    leaveTitle: 'Leave {{team}}?', leaveText: 'You will lose access to this team until someone invites you again.',
    removed: '{{name}} removed from the team.', left: 'You left {{team}}.', roleChanged: 'Role of {{name}} changed to {{role}}.',
    invite: 'Invite', inviteTitle: 'Invite a member', inviteText: 'We will e-mail them a link to join.', invited: 'Invitation sent to {{email}}.',
    pending: 'Pending invitations', pendingText: 'Invitations that have not been accepted yet.', cancel: 'Cancel invitation', sent: 'Sent',
    cancelled: 'Invitation to {{email}} cancelled.', noPending: 'No pending invitations.', actions: 'Actions',
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
  records: {
    geocode: {
      button: 'Find coordinates',
      done_one: 'Coordinates found for {{count}} store.',
      done_other: 'Coordinates found for {{count}} stores.',
      failed_one: '{{count}} address was not found: {{names}}.',
      failed_other: '{{count}} addresses were not found: {{names}}…',
    },
    companies: {
      create: 'New company', createText: 'Franchisors, franchisees, landlords and vendors you work with.',
      empty: 'No companies yet', emptyText: 'Add the franchisors, franchisees, landlords and vendors you work with.',
    },
    brands: { create: 'New brand', createText: '', empty: 'No brands yet', emptyText: 'Brands group your stores; each can belong to a company.' },
    stores: {
      create: 'New store', createText: 'A location with its brand, operating company and address.',
      empty: 'No stores yet', emptyText: 'Add your first store to track its lease, franchise agreement and every critical date.',
    },
    contacts: {
      create: 'New contact', createText: 'A person at one of your companies or stores.',
      empty: 'No contacts yet', emptyText: 'Keep the people behind your companies and stores in one place.',
    },
    list: {
      searchLabel: 'Search {{type}}', searchPlaceholder: 'Search {{type}}…', filters: 'Filters', clearAll: 'Clear filters',
      searchOptions: 'Search', clearFilter: 'Clear selection', noOptions: 'Nothing found.', selectedCount: '{{count}} selected',
      noMatches: 'No {{type}} match', noMatchesText: 'Try another search or clear the filters.', export: 'Export CSV', exportXlsx: 'Export XLSX',
      sortBy: 'Sort by', ascending: 'ascending', descending: 'descending', defaultOrder: 'Default order',
    },
    filters: {
      brands: { company_id: 'Company' },
      stores: { status: 'Status', brand_id: 'Brand', company_id: 'Operating company', region: 'Region' },
      companies: { kind: 'Kind' },
      contacts: { company_id: 'Company', store_id: 'Store' },
    },
    fields: {
      name: 'Name', legal_name: 'Legal name', kind: 'Kind', tax_id: 'Tax ID', email: 'Email', phone: 'Phone', website: 'Website',
      address: 'Address', address_line1: 'Address line 1', address_line2: 'Address line 2', city: 'City', region: 'State / region',
      postal_code: 'Postal code', country: 'Country', description: 'Description', company: 'Company', company_id: 'Company',
      brand: 'Brand', brand_id: 'Brand', store_id: 'Store', operating_company: 'Operating company', manager: 'Manager', manager_id: 'Manager',
      store_number: 'Store number', store_number_short: 'Number', status: 'Status', opening_date: 'Opening date', closing_date: 'Closing date',
      latitude: 'Latitude', longitude: 'Longitude', coordinates: 'Coordinates', square_feet: 'Square feet', first_name: 'First name',
      last_name: 'Last name', job_title: 'Job title', mobile: 'Mobile', notes: 'Notes', created_at: 'Created', updated_at: 'Updated',
      image: 'Image', body: 'Note',
    },
    kinds: { franchisor: 'Franchisor', franchisee: 'Franchisee', landlord: 'Landlord', vendor: 'Vendor', other: 'Other' },
    statuses: { planned: 'Planned', in_development: 'In development', open: 'Open', temporarily_closed: 'Temporarily closed', closed: 'Closed' },
    form: {
      details: 'Details', address: 'Address', location: 'Map location', editTitle: 'Edit {{name}}', saveChanges: 'Save changes',
      created: '{{name}} created.', updated: '{{name}} saved.', unsavedTitle: 'Discard unsaved changes?',
      unsavedText: 'You have changes that have not been saved. They will be lost if you leave this page.', discard: 'Discard changes', keepEditing: 'Keep editing',
    },
    picker: { placeholder: 'Type to search…', clear: 'Clear {{label}}', show: 'Show {{label}} choices', create: 'Create “{{name}}”' },
    image: {
      upload: 'Upload image', change: 'Change image', remove: 'Remove image', uploaded: 'Image updated.', removed: 'Image removed.',
      badType: 'Choose a JPEG, PNG or WebP image.', tooLarge: 'The image may not be larger than 5 MB.',
    },
    tabs: { label: 'Record sections', overview: 'Overview', related: 'Related', leases: 'Leases', agreements: 'Agreements', documents: 'Documents', notes: 'Notes', activity: 'Activity' },
    facts: { companyCounts: '{{brands}} brands · {{stores}} stores · {{contacts}} contacts', storeCount_one: '{{count}} store', storeCount_other: '{{count}} stores' },
    related: { viewAll: 'View all {{count}}', none: 'No {{type}} yet.' },
    edit: 'Edit', deleteTitle: 'Delete {{name}}?', deleteText: 'It moves to the trash and can be restored for 30 days.',
    deleted: '{{name}} deleted.', restored: '{{name}} restored.', undo: 'Undo',
    documentsSoon: 'Documents arrive soon', documentsSoonText: 'Leases, agreements and other files attached to this record will be listed here.',
  },
  notes: {
    title: 'Notes', add: 'Add a note', addButton: 'Add note', added: 'Note added.', edit: 'Edit note', edited: 'edited', deleted: 'Note deleted.',
    deleteTitle: 'Delete this note?', deleteText: 'The note will be removed for everyone.', empty: 'No notes yet', emptyText: 'Write the first note above.',
  },
  activity: {
    title: 'Audit logs', description: 'Who changed what, and when.', views: 'Audit log sections', log: 'Activity', empty: 'No activity yet',
    system: 'System', changedTo: 'changed to', any: 'Any', user: 'User', subjectType: 'Subject', action: 'Action', from: 'From', to: 'To',
    actions: {
      created: 'created', updated: 'updated', deleted: 'deleted', restored: 'restored', image_updated: 'changed the image of',
      image_removed: 'removed the image of', renamed: 'renamed', invited: 'sent an invitation', invitation_cancelled: 'cancelled an invitation',
      role_changed: 'changed the role of', joined: 'joined', login: 'logged in', logout: 'logged out', password_changed: 'changed the password',
    },
    actionNames: {
      created: 'Created', updated: 'Updated', deleted: 'Deleted', restored: 'Restored', image_updated: 'Image updated', image_removed: 'Image removed',
      renamed: 'Renamed', invited: 'Invited', invitation_cancelled: 'Invitation cancelled', role_changed: 'Role changed', joined: 'Joined',
      login: 'Logged in', logout: 'Logged out', password_changed: 'Password changed',
    },
    subjects: {
      company: 'Company', brand: 'Brand', store: 'Store', contact: 'Contact', document: 'Document', note: 'Note', team: 'Team', team_member: 'Team member',
      team_invitation: 'Invitation', user: 'User',
    },
  },
  trash: {
    title: 'Trash', type: 'Type', deletedAt: 'Deleted', purgeAt: 'Removed for good', restore: 'Restore', restoreItem: 'Restore {{name}}',
    empty: 'The trash is empty', emptyText: 'Deleted companies, brands, stores and contacts stay here for 30 days.',
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
  documents: {
    deleted: 'Document "{{title}}" deleted.', restored: 'Document "{{title}}" restored.', saved: 'Document "{{title}}" saved.',
    deleteTitle: 'Delete “{{title}}”?', deleteText: 'It moves to the trash with all its versions and can be restored for 30 days.',
    fields: {
      title: 'Title', category: 'Category', description: 'Description', tags: 'Tags', tagsHint: 'Separate tags with commas.',
      effective_date: 'Effective date', expiration_date: 'Expiration date', links: 'Linked records', text_status: 'Text', size: 'Size', uploaded: 'Uploaded',
    },
    textStatus: { pending: 'Reading…', done: 'Text ready', none: 'No text', failed: 'Text failed' },
    recordTypes: { companies: 'Company', brands: 'Brand', stores: 'Store', contacts: 'Contact', leases: 'Lease', agreements: 'Franchise agreement' },
    filters: { category: 'Category', tag: 'Tag', linked_type: 'Linked to', expiring_before: 'Expiring before', uploaded_by: 'Uploaded by' },
    list: {
      searchLabel: 'Search documents', searchPlaceholder: 'Search titles, tags and text…', noMatches: 'No documents match',
      empty: 'No documents yet', emptyText: 'Drop leases, agreements, certificates and other files above to keep them with your records.',
      emptyTextObserver: 'Files your team uploads will be listed here.', newestFirst: 'Newest first', more: '+{{count}} more', actions: 'Actions',
    },
    upload: {
      button: 'Upload files', drop: 'Drop files here or click to choose', dropHint: 'Several at once; PDFs and images can be previewed.',
      listLabel: 'Uploads', progress: 'Uploading… {{percent}}%', progressLabel: 'Upload of {{name}}', done: 'Uploaded', failed: 'Not uploaded',
      duplicate: 'Already attached', anyway: 'Upload anyway', cancel: 'Cancel the upload of {{name}}', dismiss: 'Dismiss {{name}}', clearFinished: 'Clear finished',
    },
    bulk: {
      label: 'Bulk actions', selected_one: '{{count}} document selected', selected_other: '{{count}} documents selected', clear: 'Clear selection',
      select: 'Select {{title}}', selectAll: 'Select all on this page', deleted_one: '{{count}} document deleted.', deleted_other: '{{count}} documents deleted.',
      restored_one: '{{count}} document restored.', restored_other: '{{count}} documents restored.',
      deleteTitle_one: 'Delete {{count}} document?', deleteTitle_other: 'Delete {{count}} documents?',
    },
    link: {
      open: 'Link to record', title_one: 'Link to a record', title_other: 'Link {{count}} documents to a record', type: 'Record type', record: 'Record',
      submit: 'Link', required: 'Choose a record.', done_one: 'Linked to {{name}}.', done_other: '{{count}} documents linked to {{name}}.',
    },
    category: {
      open: 'Change category', title: 'Change category', submit: 'Change category',
      done_one: 'Category changed to {{name}}.', done_other: 'Category of {{count}} documents changed to {{name}}.',
    },
    links: {
      title: 'Linked records', none: 'Not linked to any record yet.', unlink: 'Unlink', unlinkFrom: 'Unlink from {{name}}',
      unlinkDocument: 'Unlink {{title}} from {{name}}', unlinked: 'Unlinked from {{name}}.', unlinkedFrom: '“{{title}}” unlinked from {{name}}.',
    },
    versions: {
      title: 'Versions', label: 'Version {{version}}', current: 'current', upload: 'Upload new version', uploaded: 'Version {{version}} uploaded.',
      download: 'Download version {{version}}',
    },
    drawer: {
      open: 'Open', download: 'Download', preview: 'Preview', previewOf: 'Preview of {{title}}', details: 'Details', save: 'Save details',
      noPreview: 'This type of file cannot be previewed here.', uploaded: 'Uploaded {{date}} by {{name}}', expires: 'Expires {{date}}',
      missing: 'This document no longer exists or was deleted.',
    },
    record: {
      intro: 'Files attached to {{name}}.', empty: 'No documents attached', emptyText: 'Drop files above to attach them to this record.',
      caption: 'Documents of {{name}}',
    },
  },
  ...leaseStrings,
  ...attributeStrings,
  ...salesStrings,
  ...importStrings,
  ...tokenStrings,
  ...pwaStrings,
} as const;
