import { RecordDetailPage } from '../../features/records/detail-page';
import { RecordCreatePage, RecordEditPage } from '../../features/records/form-page';
import { RecordListPage } from '../../features/records/list-page';

export const List = () => <RecordListPage type="contacts" />;
export const Detail = () => <RecordDetailPage type="contacts" />;
export const Create = () => <RecordCreatePage type="contacts" />;
export const Edit = () => <RecordEditPage type="contacts" />;
