/**
 * Strings of reminders the first load needs (the dashboard's timeline and due dates) and the dashboard's lease
 * figures. The reminders pages' own strings are in en-later.ts (`reminderPageStrings`).
 */
export const reminderStrings = {
  reminders: {
    title: 'Notifications',
    today: 'today', inDays_one: 'in {{count}} day', inDays_other: 'in {{count}} days', daysAgo_one: '{{count}} day ago', daysAgo_other: '{{count}} days ago',
    sources: {
      lease_expiration: 'Lease expiration', option_notice: 'Option notice', option_window: 'Option window opens', renewal_rent: 'Renewal rent', rent_escalation: 'Rent escalation', guaranty_end: 'Guaranty end',
      agreement_expiration: 'Agreement expiration', agreement_renewal_notice: 'Renewal notice', document_expiration: 'Document expiration', attribute_date: 'Custom date', manual: 'Manual',
    },
    subjects: { lease: 'Lease', agreement: 'Agreement', document: 'Document', company: 'Company', brand: 'Brand', store: 'Store', contact: 'Contact' },
  },
  dashboardExtra: {
    alignment: 'Lease and agreement alignment', alignmentItem: '{{store}}: lease and franchise agreement end {{days}} days apart', viewAgreement: 'View agreement',
    map: 'Store map', mapLoading: 'Loading map…', noCoordinates: 'No store has map coordinates yet.', mapLabel: 'Map of {{count}} stores',
    legend: 'Marker colours: nearest open deadline', within30: 'Within 30 days', within90: 'Within 90 days', within365: 'Within 12 months', later: 'Later or none',
    overdue_one: '{{count}} overdue deadline', overdue_other: '{{count}} overdue deadlines', allOverdue: 'All overdue',
    unverified_one: '{{count}} option notice date not verified yet', unverified_other: '{{count}} option notice dates not verified yet',
    timeline: 'Upcoming critical dates', timelineText: 'Open deadlines of the next 12 months.', timelineEmpty: 'No open critical dates in the next 12 months.',
    timelineMore: 'Showing the first {{count}}. See every reminder in Notifications.', allReminders: 'All notifications',
    expiries: 'Lease expirations by year', expiriesText: 'Active and holdover leases.', expiriesEmpty: 'No active lease expires in the next ten years.',
    expiriesBar_one: '{{year}}: {{count}} lease', expiriesBar_other: '{{year}}: {{count}} leases', chartLoading: 'Loading chart…',
  },
};

