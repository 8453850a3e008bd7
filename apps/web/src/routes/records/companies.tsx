import { RecordDetailPage } from '../../features/records/detail-page';
import { RecordCreatePage, RecordEditPage } from '../../features/records/form-page';
import { RecordListPage } from '../../features/records/list-page';

export const List = () => <RecordListPage type="companies" />;
export const Detail = () => <RecordDetailPage type="companies" />;
export const Create = () => <RecordCreatePage type="companies" />;
export const Edit = () => <RecordEditPage type="companies" />;
