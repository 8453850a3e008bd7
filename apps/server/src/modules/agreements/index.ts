// The franchise agreements module as other modules use it.
export {
  agreementLifecycle,
  agreementValuesOf,
  hideImportedAgreement,
  insertAgreement,
  misalignments,
  patchAgreement,
  removeImportedAgreements,
  revealImportedAgreements,
} from './service';
