import { useEffect, useState } from 'react';

export function MerchantNotes({ merchantId }: { merchantId: string }) {
  const [notes, setNotes] = useState('');
  useEffect(() => {
    fetch(`/admin/api/merchants/${merchantId}/notes`)
      .then((r) => r.text())
      .then(setNotes);
  }, [merchantId]);
  return <div className="notes" dangerouslySetInnerHTML={{ __html: notes }} />;
}
