// The job categories each board gets, with what a job filed under them pays, is titled and asks for.

export interface CategorySpec {
  name: string;
  weight: number;
  /** Annual base salary in USD for a mid-level role. */
  pay: number;
  roles: string[];
  skills: string[];
  subs: { name: string; roles: string[] }[];
}

export const categoryTree: CategorySpec[] = [
  {
    name: 'Engineering',
    weight: 26,
    pay: 125_000,
    roles: ['Software Engineer', 'Software Developer', 'Engineering Manager', 'Full Stack Developer'],
    skills: [
      'Python',
      'TypeScript',
      'JavaScript',
      'Go',
      'Java',
      'Kotlin',
      'Rust',
      'PostgreSQL',
      'Kubernetes',
      'AWS',
      'Docker',
      'Terraform',
      'React',
      'GraphQL',
      'Redis',
      'Kafka',
      'Linux',
      'CI/CD pipelines',
      'Swift',
    ],
    subs: [
      {
        name: 'Backend Development',
        roles: [
          'Backend Engineer',
          'Java Developer',
          'Python Developer',
          'Go Developer',
          'Node.js Developer',
        ],
      },
      {
        name: 'Frontend Development',
        roles: [
          'Frontend Engineer',
          'React Developer',
          'UI Engineer',
          'JavaScript Developer',
          'Web Developer',
        ],
      },
      { name: 'Mobile Development', roles: ['iOS Developer', 'Android Developer', 'Mobile Engineer'] },
      {
        name: 'DevOps & Infrastructure',
        roles: ['DevOps Engineer', 'Site Reliability Engineer', 'Platform Engineer', 'Cloud Engineer'],
      },
      {
        name: 'QA & Testing',
        roles: ['QA Engineer', 'Test Automation Engineer', 'Quality Assurance Analyst'],
      },
      { name: 'Security', roles: ['Security Engineer', 'Application Security Engineer', 'Security Analyst'] },
    ],
  },
  {
    name: 'Data & Analytics',
    weight: 10,
    pay: 115_000,
    roles: ['Data Analyst', 'Analytics Manager'],
    skills: [
      'Python',
      'SQL',
      'dbt',
      'Spark',
      'Airflow',
      'Tableau',
      'Looker',
      'pandas',
      'statistics',
      'machine learning',
      'BigQuery',
      'Snowflake',
    ],
    subs: [
      { name: 'Data Science', roles: ['Data Scientist', 'Machine Learning Engineer', 'Research Scientist'] },
      { name: 'Data Engineering', roles: ['Data Engineer', 'Analytics Engineer', 'ETL Developer'] },
      { name: 'Business Intelligence', roles: ['BI Analyst', 'BI Developer', 'Reporting Analyst'] },
    ],
  },
  {
    name: 'Design',
    weight: 6,
    pay: 100_000,
    roles: ['Designer', 'Design Lead'],
    skills: [
      'Figma',
      'Sketch',
      'prototyping',
      'design systems',
      'user research',
      'accessibility',
      'Illustrator',
    ],
    subs: [
      { name: 'Product Design', roles: ['Product Designer', 'UX Designer', 'UI Designer'] },
      { name: 'UX Research', roles: ['UX Researcher', 'User Researcher'] },
      { name: 'Graphic Design', roles: ['Graphic Designer', 'Visual Designer', 'Brand Designer'] },
    ],
  },
  {
    name: 'Product',
    weight: 6,
    pay: 120_000,
    roles: ['Product Manager', 'Product Owner'],
    skills: ['roadmapping', 'Jira', 'stakeholder management', 'A/B testing', 'product analytics', 'Scrum'],
    subs: [{ name: 'Project Management', roles: ['Project Manager', 'Program Manager', 'Scrum Master'] }],
  },
  {
    name: 'Marketing',
    weight: 8,
    pay: 80_000,
    roles: ['Marketing Manager', 'Marketing Coordinator'],
    skills: [
      'Google Analytics',
      'HubSpot',
      'SEO',
      'copywriting',
      'Google Ads',
      'email marketing',
      'Salesforce',
    ],
    subs: [
      { name: 'Content Marketing', roles: ['Content Writer', 'Content Marketing Manager', 'Copywriter'] },
      {
        name: 'Performance Marketing',
        roles: ['Growth Marketer', 'Paid Media Specialist', 'PPC Specialist'],
      },
      { name: 'SEO', roles: ['SEO Specialist', 'SEO Manager'] },
      { name: 'Social Media', roles: ['Social Media Manager', 'Community Manager'] },
    ],
  },
  {
    name: 'Sales',
    weight: 9,
    pay: 85_000,
    roles: ['Sales Manager', 'Sales Representative'],
    skills: [
      'Salesforce',
      'HubSpot',
      'negotiation',
      'pipeline management',
      'B2B SaaS',
      'outbound prospecting',
    ],
    subs: [
      { name: 'Account Management', roles: ['Account Executive', 'Account Manager', 'Key Account Manager'] },
      {
        name: 'Business Development',
        roles: ['Business Development Representative', 'Sales Development Representative'],
      },
    ],
  },
  {
    name: 'Customer Support',
    weight: 7,
    pay: 52_000,
    roles: ['Customer Support Specialist', 'Customer Service Representative'],
    skills: ['Zendesk', 'Intercom', 'troubleshooting', 'SQL', 'written communication', 'Jira'],
    subs: [
      { name: 'Customer Success', roles: ['Customer Success Manager', 'Onboarding Specialist'] },
      {
        name: 'Technical Support',
        roles: ['Technical Support Engineer', 'Support Engineer', 'Help Desk Technician'],
      },
    ],
  },
  {
    name: 'Finance & Accounting',
    weight: 5,
    pay: 90_000,
    roles: ['Financial Analyst', 'Controller'],
    skills: ['Excel', 'NetSuite', 'GAAP', 'financial modelling', 'QuickBooks', 'SAP'],
    subs: [
      {
        name: 'Accounting',
        roles: ['Accountant', 'Staff Accountant', 'Bookkeeper', 'Accounts Payable Specialist'],
      },
      { name: 'Financial Planning', roles: ['FP&A Analyst', 'Finance Manager'] },
    ],
  },
  {
    name: 'Human Resources',
    weight: 4,
    pay: 78_000,
    roles: ['HR Manager', 'HR Generalist'],
    skills: ['Workday', 'Greenhouse', 'employment law', 'onboarding', 'compensation planning', 'Excel'],
    subs: [
      { name: 'Recruiting', roles: ['Recruiter', 'Technical Recruiter', 'Talent Acquisition Partner'] },
      { name: 'People Operations', roles: ['People Operations Specialist', 'HR Business Partner'] },
    ],
  },
  {
    name: 'Operations',
    weight: 5,
    pay: 65_000,
    roles: ['Operations Manager', 'Operations Analyst'],
    skills: ['Excel', 'SAP', 'inventory management', 'Lean', 'forklift certification', 'ERP systems'],
    subs: [
      { name: 'Logistics', roles: ['Logistics Coordinator', 'Warehouse Supervisor', 'Dispatcher'] },
      { name: 'Supply Chain', roles: ['Supply Chain Analyst', 'Procurement Specialist', 'Buyer'] },
    ],
  },
  {
    name: 'Healthcare',
    weight: 6,
    pay: 82_000,
    roles: ['Medical Assistant', 'Clinical Coordinator'],
    skills: ['patient care', 'EHR systems', 'BLS certification', 'Epic', 'medication administration'],
    subs: [
      { name: 'Nursing', roles: ['Registered Nurse', 'Nurse Practitioner', 'Licensed Practical Nurse'] },
      { name: 'Pharmacy', roles: ['Pharmacist', 'Pharmacy Technician'] },
    ],
  },
  {
    name: 'Education',
    weight: 3,
    pay: 55_000,
    roles: ['Teacher', 'Tutor', 'Instructional Designer', 'Teaching Assistant'],
    skills: ['curriculum design', 'classroom management', 'Google Classroom', 'lesson planning'],
    subs: [],
  },
  {
    name: 'Legal',
    weight: 2,
    pay: 95_000,
    roles: ['Paralegal', 'Legal Counsel', 'Compliance Officer', 'Contract Manager'],
    skills: ['contract review', 'GDPR', 'regulatory compliance', 'legal research'],
    subs: [],
  },
  {
    name: 'Hospitality',
    weight: 3,
    pay: 42_000,
    roles: ['Chef', 'Line Cook', 'Restaurant Manager', 'Front Desk Agent', 'Barista'],
    skills: ['food safety', 'POS systems', 'stock control', 'guest relations'],
    subs: [],
  },
];

export const categoryNames = categoryTree.flatMap((spec) => [spec.name, ...spec.subs.map((sub) => sub.name)]);
