// The attributes module as other modules use it: record types read, write and list by the team's attributes.
export {
  attributeErrors,
  attributeSearchText,
  attributeValuesFor,
  attributeValuesShownTo,
  liveAttributes,
  purgeAttributeValues,
  splitAttributes,
  validateAttributeValues,
  withAttributeErrors,
  writeAttributeValues,
} from './values';
export { removeAttributeReminders, syncAttributeReminders } from './reminders';
export {
  attributeExportColumns,
  exportsAttributes,
  attributeListSpecs,
  attributeSortedPage,
  listExport,
  listQueryWithAttributes,
} from './lists';
