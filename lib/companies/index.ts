// The companies domain's public module: the board and the dashboard read companies from here.

export {
  companiesWithLiveJobs,
  companyNames,
  companyPageUrl,
  createCompany,
  deleteCompany,
  findCompany,
  getCompany,
  getCompanyBySlug,
  listCompanies,
  toCompanyRef,
  updateCompany,
} from './service';
