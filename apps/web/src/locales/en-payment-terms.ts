/** Strings of a lease's Payment terms tab: the payment terms its rent payables are generated under. */
export const paymentTermsTabStrings = {
  paymentTermsTab: {
    tab: 'Payment terms',
    loadFailed: 'The payment terms could not be loaded.',
    tryAgain: 'Try again in a moment.',
    terms: 'Payment terms',
    termsIntro:
      'How this lease’s rent and charges are billed and when they fall due. Lines not yet approved follow a change the next time their month is generated.',
    reading: 'Read as',
    defaults: 'Not saved yet: the common defaults.',
    fields: {
      frequency: 'Billed',
      timing: 'Paid',
      due_day: 'Due day of the month',
      periods: 'Billing periods',
      remittance: 'Remittance details',
    },
    frequency: { monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' },
    timing: { advance: 'In advance', arrears: 'In arrears' },
    periods: {
      calendar: 'Calendar months, quarters, years',
      anniversary: 'Lease months from the commencement day',
    },
    dueDayHint: '1 to 31; 31 is the month’s last day.',
    remittanceHint: 'Bank, ACH or lockbox: shown on every payable line and in the accounts-payable file.',
    save: 'Save payment terms',
    saved: 'Payment terms saved.',
    readOnly: 'Managers and admins change the payment terms.',
    toPayables: 'Generate and approve payables',
  },
};
