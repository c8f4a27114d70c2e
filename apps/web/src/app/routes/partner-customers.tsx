import { useQuery } from '@tanstack/react-query';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { CustomerList } from '../../features/projects/components/customer-list';

export default function PartnerCustomersRoute() {
  const customers = useQuery(projectQueries.partnerCustomers());
  return (
    <Page title="Klanten">
      {customers.isPending ? <Loading /> : customers.isError ? <ErrorState error={customers.error} retry={() => void customers.refetch()} /> : <CustomerList customers={customers.data} />}
    </Page>
  );
}
