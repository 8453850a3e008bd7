import { RecordDetailPage } from '../../features/records/detail-page';
import { RecordCreatePage, RecordEditPage } from '../../features/records/form-page';
import { RecordListPage } from '../../features/records/list-page';

export const List = () => <RecordListPage type="stores" />;
export const Detail = () => <RecordDetailPage type="stores" />;
export const Create = () => <RecordCreatePage type="stores" />;
export const Edit = () => <RecordEditPage type="stores" />;
