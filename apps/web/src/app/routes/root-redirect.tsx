import { useQuery } from '@tanstack/react-query';
import { Redirect } from 'wouter';
import { projectQueries } from '../../features/projects/api';
import { ErrorState, Loading } from '../../ui/states';

/** The customer is found by host: with projects to the public project list, otherwise to the login. */
export default function RootRedirect() {
  const customer = useQuery(projectQueries.customer());
  if (customer.isPending) return <Loading />;
  if (customer.isError) return <ErrorState error={customer.error} retry={() => void customer.refetch()} />;
  return <Redirect to={customer.data.projects.length ? '/public/projecten' : '/inloggen'} replace />;
}
