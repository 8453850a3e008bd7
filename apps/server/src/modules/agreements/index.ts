// The franchise agreements module as other modules use it.
export {
  agreementLifecycle,
  agreementValuesOf,
  getAgreement,
  hideImportedAgreement,
  insertAgreement,
  misalignments,
  patchAgreement,
  removeImportedAgreements,
  revealImportedAgreements,
} from './service';
