import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

public class XmlLoader {
    DocumentBuilder builder() throws Exception {
        // ruleid: java.xxe.parser-factory-unhardened
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        return dbf.newDocumentBuilder();
    }
}
