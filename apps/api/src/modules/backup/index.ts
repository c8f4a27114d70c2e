export { BackupError, defaultBackupName, restoreBackup, writeBackup, type BackupManifest } from './backup.ts';
