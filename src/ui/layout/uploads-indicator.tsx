import { Link } from 'react-router-dom';
import { isRunning, useUploads } from '../../data/device/uploads';
import { Icon } from '../icon';
import { UploadIcon } from '../icons';

/** In the header while uploads are going: how many and how far, linking to the upload screen. */
export default function UploadsIndicator() {
  const running = useUploads()?.filter(isRunning) ?? [];
  if (running.length === 0) return null;
  const total = running.reduce((sum, task) => sum + task.size, 0);
  const sent = running.reduce((sum, task) => sum + Math.min(task.bytesConfirmed, task.size), 0);
  const percent = total ? Math.floor((sent / total) * 100) : 0;
  const waiting = running.some((task) => task.status === 'paused');
  const label = `${running.length} ${running.length === 1 ? 'upload' : 'uploads'} ${waiting ? 'waiting for the connection' : 'running'}, ${percent}% sent`;
  return (
    <Link to="/dashboard/active-transactions/upload-docs" className="navbar-item uploads-indicator" aria-label={label} title={label}>
      <Icon icon={UploadIcon} />
      <span aria-hidden="true">
        {running.length} · {percent}%
      </span>
    </Link>
  );
}
