import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BrandDialog } from '../../features/records/brand-dialog';
import { RecordDetailPage } from '../../features/records/detail-page';
import { RecordListPage } from '../../features/records/list-page';

/** /brands: the list; "New brand" opens the brand dialog and lands on the new brand. */
export function List() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <RecordListPage type="brands" onCreate={() => setCreating(true)}>
      <BrandDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(brand) => navigate(`/brands/${brand.id}`)}
      />
    </RecordListPage>
  );
}

export const Detail = () => <RecordDetailPage type="brands" />;
