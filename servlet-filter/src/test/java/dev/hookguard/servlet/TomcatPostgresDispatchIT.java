package dev.hookguard.servlet;

/** The dispatcher tests in embedded Tomcat 11 on the JDBC store on PostgreSQL. */
class TomcatPostgresDispatchIT extends AbstractDispatchIT {

    @Override
    protected ServletContainer.Factory containers() {
        return TomcatContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.POSTGRES;
    }
}
