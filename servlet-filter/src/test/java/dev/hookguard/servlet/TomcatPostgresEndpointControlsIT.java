package dev.hookguard.servlet;

/** The endpoint controls in embedded Tomcat 11 on the JDBC store on PostgreSQL. */
class TomcatPostgresEndpointControlsIT extends AbstractEndpointControlsIT {

    @Override
    protected ServletContainer.Factory containers() {
        return TomcatContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.POSTGRES;
    }
}
