/** Strings of /sales: the entry grid and the sales, royalty and percentage-rent reports. */
export const salesStrings = {
  sales: {
    title: 'Sales',
    intro: 'Monthly sales per store feed the royalties your franchisees owe and the percentage rent your landlords charge.',
    loadFailed: 'The sales could not be loaded. Try again in a moment.',
    tabs: { entry: 'Enter sales', reports: 'Reports', royalties: 'Royalties due', rent: 'Percentage rent' },
    grid: {
      year: 'Year', previousYear: 'Previous year', nextYear: 'Next year', store: 'Store', total: 'Total',
      caption: 'Gross sales per store and month of {{year}}', cell: '{{store}}, {{month}} {{year}} gross sales',
      help: 'Type gross sales in dollars. Enter moves down, Tab moves right; paste a block from a spreadsheet.',
      readOnly: 'Observers see the figures; managers and admins enter them.',
      save: 'Save sales', discard: 'Discard changes', saved_one: '{{count}} figure saved.', saved_other: '{{count}} figures saved.',
      saveFailed: 'The sales could not be saved.', unsaved_one: '{{count}} unsaved change', unsaved_other: '{{count}} unsaved changes',
      invalid_one: '{{count}} cell is not an amount', invalid_other: '{{count}} cells are not amounts',
      confirmTitle: 'Remove cleared figures?', confirmText_one: 'You cleared {{count}} saved figure. Saving removes it.', confirmText_other: 'You cleared {{count}} saved figures. Saving removes them.',
      noStores: 'No stores yet', noStoresText: 'Sales are entered per store. Add a store first.', addStore: 'Add a store',
    },
    reports: {
      truncated: 'Showing the first {{shown}} of {{total}} rows; the CSV export has them all.',
      truncatedSummary: 'Showing the largest {{shown}} of {{total}} rows; the total counts them all.',
      from: 'From', to: 'To', reversed: 'The to date must be on or after the from date.', exportCsv: 'Export CSV',
      groupBy: 'Group by', granularity: 'Period', groups: { store: 'Store', brand: 'Brand', franchisee: 'Franchisee', period: 'Period' },
      granularities: { month: 'Month', quarter: 'Quarter', year: 'Year' },
      gross: 'Gross', net: 'Net', lastYear: 'Last year', thisPeriod: 'This range', change: 'Change',
      chartTitle: 'Sales against last year', totalLine: '{{gross}} gross, against {{previous}} a year earlier.',
      empty: 'No sales in this range', emptyText: 'Enter figures in the grid or import them, then come back for the report.',
    },
    royalties: {
      title: 'Royalties due per franchise agreement', agreement: 'Agreement', franchisee: 'Franchisee', stores: 'Stores', reporting: 'Reporting',
      sales: 'Sales', royalty: 'Royalty', topUp: 'Minimum top-up', marketing: 'Marketing fund', total: 'Total due',
      frequencies: { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly', annually: 'Annually' },
      rule: 'Royalty % (or marginal tiers) of each reporting period’s sales, at least the agreement’s minimum per period while it is open, plus the marketing fund %.',
      totalLine_one: '{{total}} due from {{count}} agreement.', totalLine_other: '{{total}} due from {{count}} agreements.',
      empty: 'No agreements with royalty terms', emptyText: 'Add a royalty percent, tiers, minimum or marketing fund to a franchise agreement to see what it owes.',
    },
    rent: {
      title: 'Percentage rent due per lease year', lease: 'Lease', store: 'Store', leaseYear: 'Lease year', toDate: 'to date',
      sales: 'Sales', breakpoint: 'Breakpoint', rate: 'Rate', due: 'Rent due',
      rule: 'Per lease year from the commencement date: (the year’s sales above the breakpoint) × the rate. Every lease year overlapping the range is counted whole.',
      empty: 'No percentage rent leases', emptyText: 'Leases with a percentage rent rate and a commencement date appear here.',
    },
  },
} as const;
