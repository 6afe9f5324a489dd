import { Divider } from 'antd';
import { FileUploadList } from '@/components/upload';

/** The record's attachments (its form's batch) after a layout's sections, in their own chunk. */
export default function Attachments({ batchId, title }: { batchId: string; title: string }) {
  return (
    <>
      <Divider titlePlacement="start" plain>
        {title}
      </Divider>
      <FileUploadList batchId={batchId} />
    </>
  );
}
