/** Strings of reminders and the dashboard's lease figures: first-load strings (the dashboard shows them). */
export const reminderStrings = {
  reminders: {
    title: 'Notifications', intro: 'Critical dates of your leases and agreements, and reminders your team added.', tabs: 'Reminder status',
    incomplete: 'Incomplete', completedTab: 'Completed', new: 'New reminder', create: 'Create reminder', created: 'Reminder “{{title}}” created.',
    none: 'Nothing due', noneText: 'Critical dates appear here as they come within your lead time.', noneCompleted: 'No completed reminders yet',
    complete: 'Mark complete', reopen: 'Reopen', snooze: 'Snooze', snoozeTitle: 'Snooze “{{title}}”', snoozeUntil: 'Hide until',
    snoozed: 'Snoozed until {{date}}.', snoozedUntil: 'Snoozed until {{date}}', completed: '“{{title}}” completed.', reopened: '“{{title}}” reopened.',
    today: 'today', inDays_one: 'in {{count}} day', inDays_other: 'in {{count}} days', daysAgo_one: '{{count}} day ago', daysAgo_other: '{{count}} days ago',
    commentsCount_one: '{{count}} comment', commentsCount_other: '{{count}} comments', filteredBy: 'Showing only: {{source}}',
    assigneesHint: 'Without assignees the team’s managers and admins are notified.', forLease: 'Reminders of this lease', forAgreement: 'Reminders of this agreement',
    noneForRecord: 'No reminders for this record yet.',
    mute: 'Mute', unmute: 'Unmute', mutedBadge: 'Muted', mutedToast: 'No more e-mails about {{name}}.', unmutedToast: 'E-mails about {{name}} are back on.',
    muteHint: 'Stop e-mails about this record (for you only)', muteReminderHint: 'Stop e-mails about this reminder (for you only)', unmuteHint: 'Get e-mails about this again',
    fields: { title: 'Title', due_date: 'Due date', note: 'Note', assignees: 'Assignees' },
    sources: {
      lease_expiration: 'Lease expiration', option_notice: 'Option notice', rent_escalation: 'Rent escalation', guaranty_end: 'Guaranty end',
      agreement_expiration: 'Agreement expiration', agreement_renewal_notice: 'Renewal notice', document_expiration: 'Document expiration', attribute_date: 'Custom date', manual: 'Manual',
    },
    subjects: { lease: 'Lease', agreement: 'Agreement', document: 'Document', company: 'Company', brand: 'Brand', store: 'Store', contact: 'Contact' },
    comments: {
      title_one: '{{count}} comment', title_other: '{{count}} comments', add: 'Add a comment', submit: 'Comment', none: 'No comments yet.',
      list: 'Comments', delete: 'Delete comment', someone: 'Someone', more: 'Older comments',
    },
  },
  dashboardExtra: {
    alignment: 'Lease and agreement alignment', alignmentItem: '{{store}}: lease and franchise agreement end {{days}} days apart', viewAgreement: 'View agreement',
    map: 'Store map', mapLoading: 'Loading map…', noCoordinates: 'No store has map coordinates yet.', mapLabel: 'Map of {{count}} stores',
    legend: 'Marker colours: nearest open deadline', within30: 'Within 30 days', within90: 'Within 90 days', within365: 'Within 12 months', later: 'Later or none',
    timeline: 'Upcoming critical dates', timelineText: 'Open deadlines of the next 12 months.', timelineEmpty: 'No open critical dates in the next 12 months.',
    timelineMore: 'Showing the first {{count}}. See every reminder in Notifications.', allReminders: 'All notifications',
    expiries: 'Lease expirations by year', expiriesText: 'Active and holdover leases.', expiriesEmpty: 'No active lease expires in the next ten years.',
    expiriesBar_one: '{{year}}: {{count}} lease', expiriesBar_other: '{{year}}: {{count}} leases', chartLoading: 'Loading chart…',
  },
};
