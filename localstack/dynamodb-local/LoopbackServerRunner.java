import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local's own ServerRunner, listening on 127.0.0.1 only. DynamoDB Local has no host option and
 * its Jetty server listens on every interface; it checks no credentials, so anyone on the network could
 * read and change the local tables. Same arguments as ServerRunner (-port, -inMemory, -dbPath ...).
 * Compiled once at install (localstack/emulator.ts, ensureDynamoDbLocalInstalled) against the pinned
 * version: a rename of the private field fails the start loudly instead of listening everywhere.
 */
public final class LoopbackServerRunner {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    for (Connector connector : ((Server) field.get(proxy)).getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    // Ends with the process that started it (LocalStack, or npm start and the tests), even when that one
    // was killed and had no chance to stop it.
    ProcessHandle.current().parent().ifPresent((parent) -> parent.onExit().thenRun(() -> System.exit(0)));
    proxy.start();
    proxy.join();
  }
}
