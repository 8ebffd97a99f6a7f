import { useState } from 'react';
import { useRefresh } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { supabase } from '../providers/supabase';
import { errorMessageKey } from '../providers/errors';
import { duplicatesOfExisting, parseStudentsCsv, problemMessage, type ImportProblem, type StudentRow } from './csv';
import { useNotifyT, useT } from '../i18n/keys';

/**
 * CSV import with a preview. Problems (missing values, numbers repeated in the file or
 * already registered) block the import; the rows go in one insert, which PostgREST runs in
 * one transaction, so nothing is ever half imported.
 */
export const ImportStudentsButton = () => {
  const translate = useT();
  const notify = useNotifyT();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<StudentRow[]>([]);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setRows([]);
    setProblems([]);
  };

  const onFile = async (file: File) => {
    const parsed = parseStudentsCsv(await file.text());
    const { data, error } = await supabase.from('students').select('student_number');
    if (error) {
      notify(errorMessageKey(error) ?? 'errors.generic', { type: 'error' });
      return;
    }
    setRows(parsed.rows);
    setProblems([
      ...parsed.problems,
      ...duplicatesOfExisting(
        parsed.rows,
        (data ?? []).map((d) => d.student_number),
      ),
    ]);
  };

  const importNow = async () => {
    setBusy(true);
    const { error } = await supabase
      .from('students')
      .insert(rows.map(({ name, student_number }) => ({ name, student_number })));
    setBusy(false);
    if (error) {
      notify(errorMessageKey(error) ?? 'errors.generic', { type: 'error' });
      return;
    }
    notify('students.imported', { type: 'success', messageArgs: { count: rows.length } });
    setOpen(false);
    reset();
    refresh();
  };

  return (
    <>
      <Button size="small" startIcon={<UploadFile />} onClick={() => setOpen(true)}>
        {translate('students.import')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>{translate('students.importTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('students.importHelp')}
          </Typography>
          <Button variant="outlined" component="label">
            {translate('students.chooseFile')}
            <input
              hidden
              type="file"
              name="csv"
              accept=".csv,text/csv"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void onFile(file);
                e.target.value = '';
              }}
            />
          </Button>
          {problems.length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="import-problems">
              <strong>{translate('students.problems')}</strong>
              <List dense>
                {problems.map((p, i) => {
                  const [key, args] = problemMessage(p);
                  return <ListItem key={i}>{translate(key, args)}</ListItem>;
                })}
              </List>
            </Alert>
          )}
          {rows.length > 0 && (
            <>
              <Typography variant="subtitle2" sx={{ mt: 2 }}>
                {translate('students.preview', { count: rows.length })}
              </Typography>
              <Table size="small" data-testid="import-preview">
                <TableHead>
                  <TableRow>
                    <TableCell>#</TableCell>
                    <TableCell>{translate('resources.students.fields.name')}</TableCell>
                    <TableCell>{translate('resources.students.fields.student_number')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.slice(0, 200).map((r) => (
                    <TableRow key={r.line}>
                      <TableCell>{r.line}</TableCell>
                      <TableCell>
                        <bdi>{r.name}</bdi>
                      </TableCell>
                      <TableCell>
                        <bdi>{r.student_number}</bdi>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
              reset();
            }}
          >
            {translate('common.cancel')}
          </Button>
          <Button variant="contained" disabled={busy || rows.length === 0 || problems.length > 0} onClick={importNow}>
            {translate('students.importNow', { count: rows.length })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
