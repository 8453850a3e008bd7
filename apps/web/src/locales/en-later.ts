import { attributeStrings } from './en-attributes';
import { reminderStrings } from './en-reminders';
import { importStrings } from './en-imports';
import { leaseStrings } from './en-leases';
import { salesStrings } from './en-sales';
import { tokenStrings } from './en-tokens';

/** The reminders pages' strings: with the later strings, merged over the first-load part above. */
export const reminderPageStrings = {
  reminders: {
    ...reminderStrings.reminders,
    intro: 'Critical dates of your leases and agreements, and reminders your team added.', tabs: 'Reminder status',
    incomplete: 'Open', overdue: 'Overdue', completedTab: 'Completed', new: 'New reminder', create: 'Create reminder', created: 'Reminder “{{title}}” created.',
    none: 'Nothing due', noneText: 'Critical dates appear here as they come within your lead time.', noneCompleted: 'No completed reminders yet',
    complete: 'Mark complete', reopen: 'Reopen', snooze: 'Snooze', snoozeTitle: 'Snooze “{{title}}”', snoozeUntil: 'Hide until',
    snoozed: 'Snoozed until {{date}}.', snoozedUntil: 'Snoozed until {{date}}', completed: '“{{title}}” completed.', reopened: '“{{title}}” reopened.',
    commentsCount_one: '{{count}} comment', commentsCount_other: '{{count}} comments', filteredBy: 'Showing only: {{source}}',
    assigneesHint: 'Without assignees the team’s managers and admins are notified.', forLease: 'Reminders of this lease', forAgreement: 'Reminders of this agreement',
    noneForRecord: 'No reminders for this record yet.',
    mute: 'Mute', unmute: 'Unmute', mutedBadge: 'Muted', mutedToast: 'No more e-mails about {{name}}.', unmutedToast: 'E-mails about {{name}} are back on.',
    muteHint: 'Stop e-mails about this record (for you only)', muteReminderHint: 'Stop e-mails about this reminder (for you only)', unmuteHint: 'Get e-mails about this again',
    fields: { title: 'Title', due_date: 'Due date', note: 'Note', assignees: 'Assignees' },
    comments: {
      title_one: '{{count}} comment', title_other: '{{count}} comments', add: 'Add a comment', submit: 'Comment', none: 'No comments yet.',
      list: 'Comments', delete: 'Delete comment', someone: 'Someone', more: 'Older comments',
    },
  },
};

/**
 * English strings of the screens behind the dashboard (records, documents, audit log, leases, agreements,
 * attributes, imports, sales, API tokens). Not in the first load (issue 9 budget): i18n.ts fetches them at start-up and
 * lib/lazy-route.ts holds those screens until they are in.
 */
export const enLater = {
  /** The team page (members, invitations, export): not a first-load screen. */
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
    roleTitle: 'Make {{name}} {{role}}?', roleConfirm: 'Change role',
    roleText: {
      observer: '{{name}} will see every record, lease, document and report, but can no longer add, change or delete anything.',
      manager: '{{name}} will add, edit and delete records, leases, agreements, documents and sales, but cannot invite or remove members, change roles, edit team settings, or see the trash and the audit log.',
      admin: '{{name}} will do everything a manager does and also manage the team: invite and remove members, change their roles, edit team settings, and see the trash and the audit log. Billing stays with the owner.',
    },
    invite: 'Invite', inviteTitle: 'Invite a member', inviteText: 'We will e-mail them a link to join.', invited: 'Invitation sent to {{email}}.',
    pending: 'Pending invitations', pendingText: 'Invitations that have not been accepted yet.', cancel: 'Cancel invitation', sent: 'Sent',
    cancelled: 'Invitation to {{email}} cancelled.', noPending: 'No pending invitations.', actions: 'Actions',
  },
  teamSwitch: { heading: 'Your other teams', text: 'You can carry on in another team you belong to.', action: 'Switch to {{name}}' },
  listError: { title: 'This list could not be loaded', text: 'Your records are safe; the request for them failed.', retry: 'Retry' },
  /** The reminders inbox's extras (tabs, order, multi-select); /reminders waits for these strings. */
  inbox: {
    select: 'Select {{title}}', mine: 'Assigned to me', everyone: 'Everyone’s', sortLabel: 'Order', soonestFirst: 'Soonest first', latestFirst: 'Latest first',
    bulk: {
      label: 'Selected reminders', selected_one: '{{count}} selected', selected_other: '{{count}} selected', snoozeWeek: 'Snooze a week', assignMe: 'Assign to me', clear: 'Clear',
      completed_one: '{{count}} reminder completed.', completed_other: '{{count}} reminders completed.', snoozed_one: '{{count}} reminder snoozed for a week.',
      snoozed_other: '{{count}} reminders snoozed for a week.', assigned_one: '{{count}} reminder assigned to you.', assigned_other: '{{count}} reminders assigned to you.',
    },
    overdueTab: 'Overdue', noneOverdue: 'Nothing is overdue.',
    filters: 'Filters', type: 'About', allTypes: 'Everything', store: 'Store', brand: 'Brand', assignee: 'Assigned to', anyone: 'Anyone',
    types: { lease: 'Leases', agreement: 'Agreements', document: 'Documents', company: 'Companies', brand: 'Brands', store: 'Stores', contact: 'Contacts' },
    closedReasons: { past_when_entered: 'Past when entered', exercised: 'Option exercised', waived: 'Option waived', lapsed: 'Lapsed' },
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
      columns: 'Columns', shownCount: '{{count}} shown', showAllColumns: 'Show all columns',
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
      login_failed: 'failed to log in', access_denied: 'was refused access', logout_other_devices: 'logged out other devices',
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
  ...reminderPageStrings,
  ...leaseStrings,
  ...attributeStrings,
  ...salesStrings,
  ...importStrings,
  ...tokenStrings,
};
